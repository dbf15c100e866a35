// Where Homestretch runs; the content script's matches (manifest.json) name the clinic's page.
export const HOMESTRETCH_URL = 'http://localhost:3000';
