const { user, expiresAt } = await chrome.storage.session.get(['user', 'expiresAt']);
if (user) {
  document.getElementById('who').textContent =
    `Signed in to Homestretch as ${user.name} (${user.email}) until ` +
    `${new Date(expiresAt).toLocaleTimeString()}.`;
}
