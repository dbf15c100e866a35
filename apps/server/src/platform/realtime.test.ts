import { describe, expect, it } from 'vitest';
import { originAllowed } from './realtime';

describe('originAllowed', () => {
  const configured = ['https://app.example.com'];

  it('lets a page of this server open a socket, whatever the scheme it was reached by', () => {
    expect(originAllowed('http://pt.example.com', 'pt.example.com', [])).toBe(true);
    expect(originAllowed('https://pt.example.com', 'pt.example.com', [])).toBe(true);
    expect(originAllowed('http://localhost:3000', 'localhost:3000', [])).toBe(true);
  });

  it('lets a configured web origin open one', () => {
    expect(originAllowed('https://app.example.com', 'api.example.com', configured)).toBe(true);
  });

  it('refuses a page of another site, another port, or an opaque origin', () => {
    expect(originAllowed('https://evil.example', 'pt.example.com', configured)).toBe(false);
    expect(originAllowed('http://localhost:4000', 'localhost:3000', configured)).toBe(false);
    expect(originAllowed('null', 'pt.example.com', configured)).toBe(false);
    expect(originAllowed('https://pt.example.com', undefined, configured)).toBe(false);
  });

  it('lets a client that names no origin (not a browser page, no ambient cookie) through', () => {
    expect(originAllowed(undefined, 'pt.example.com', configured)).toBe(true);
  });
});
