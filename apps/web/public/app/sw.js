/*
 * The patient app's service worker (scope /app; the server allows it with Service-Worker-Allowed).
 * It keeps the app shell so the app opens without a network: the page, its hashed scripts and
 * styles, the manifest and icons. The program itself is kept by the app (localStorage), and no
 * API answer is cached here: health data and sessions always go to the server.
 */
const SHELL_CACHE = 'homestretch-app-shell-v1';
const PAGE = '/app';
const STATIC = ['/app/manifest.webmanifest', '/app/icons/icon-192.png', '/favicon.svg'];

/** The hashed files the page names (script, modulepreload, stylesheet). */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
}

async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch(PAGE, { cache: 'no-cache', headers: { accept: 'text/html' } });
  if (!response.ok) {
    throw new Error(`The app page answered ${response.status}`);
  }
  const html = await response.clone().text();
  await cache.put(PAGE, response);
  await cache.addAll([...STATIC, ...assetsOf(html)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== SHELL_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page from the network when there is one (a new release), else the copy kept. */
async function page(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(PAGE);
    if (kept) {
      return kept;
    }
    throw error;
  }
}

/** Hashed files never change under their name: the kept copy is the file. */
async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) {
    return kept;
  }
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  const inApp = url.pathname === PAGE || url.pathname.startsWith(`${PAGE}/`);
  if (request.mode === 'navigate' && inApp) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/assets/') || STATIC.includes(url.pathname)) {
    event.respondWith(asset(request));
  }
});
