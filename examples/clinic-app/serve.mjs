// The sample clinic page on its own origin (docs/extension-protocol.md):
//   node examples/clinic-app/serve.mjs --port 3222 --app http://localhost:3000
// Start the Homestretch server with CLINIC_APP_ORIGIN set to this page's origin.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3100' },
    host: { type: 'string', default: '127.0.0.1' },
    app: { type: 'string', default: 'http://localhost:3000' },
  },
});
const appUrl = new URL(values.app).origin;
const FILES = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/clinic.js': ['clinic.js', 'text/javascript; charset=utf-8'],
};

const server = http.createServer(async (request, response) => {
  const file = FILES[new URL(request.url ?? '/', 'http://x').pathname];
  if (request.method !== 'GET' || !file) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const text = await readFile(path.join(import.meta.dirname, file[0]), 'utf8');
  response
    .writeHead(200, { 'content-type': file[1], 'cache-control': 'no-store' })
    // The page learns where Homestretch is from the one attribute this server fills in.
    .end(text.replace('{{HOMESTRETCH_URL}}', appUrl));
});
server.listen(Number(values.port), values.host, () => {
  console.log(
    `Sample clinic page on http://${values.host}:${values.port}, Homestretch at ${appUrl}`,
  );
});
