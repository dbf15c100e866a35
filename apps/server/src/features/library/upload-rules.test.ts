import { describe, expect, it } from 'vitest';
import {
  TICKET_LIFETIME_SECONDS,
  checkSignature,
  checkUploadSize,
  isVideoType,
  openTicketsExpireAfter,
  parseUploadMetadata,
  ticketExpiration,
  ticketIsForVideo,
  ticketsRunOutBy,
  uploadIdFor,
  uploadSignature,
  videoIdOfUpload,
} from './upload-rules';

const secret = { apiKey: 'test-api-key', libraryId: '1' };
const now = new Date('2026-11-02T15:00:00Z');
const expiration = ticketExpiration(now);

function headersFor(videoId: string, exp = expiration) {
  return {
    signature: uploadSignature({ ...secret, expiration: exp, videoId }),
    expire: String(exp),
    videoId,
    libraryId: '1',
  };
}

describe('upload signature', () => {
  it('is the sha256 hex of library id, API key, expiration and video id, as Bunny Stream signs', () => {
    // echo -n '1test-api-key17926768004242' | sha256sum
    expect(
      uploadSignature({
        libraryId: '1',
        apiKey: 'test-api-key',
        expiration: 1792676800,
        videoId: '4242',
      }),
    ).toBe('512b81017879f379270c7ebf83b087c3a7db047526381cbffc606e96e13bdeee');
  });

  it('expires a day after the ticket is made', () => {
    expect(expiration).toBe(now.getTime() / 1000 + TICKET_LIFETIME_SECONDS);
  });

  it('accepts its own signature until it expires, and tells expiry apart', () => {
    expect(checkSignature(headersFor('7'), secret, now)).toBe('valid');
    const later = new Date((expiration + 1) * 1000);
    expect(checkSignature(headersFor('7'), secret, later)).toBe('expired');
  });

  it('refuses a signature made for another video, library, key or expiry', () => {
    const forSeven = headersFor('7');
    expect(checkSignature({ ...forSeven, videoId: '8' }, secret, now)).toBe('invalid');
    expect(checkSignature({ ...forSeven, libraryId: '2' }, secret, now)).toBe('invalid');
    expect(checkSignature(forSeven, { ...secret, apiKey: 'other' }, now)).toBe('invalid');
    expect(checkSignature({ ...forSeven, expire: String(expiration + 60) }, secret, now)).toBe(
      'invalid',
    );
    expect(checkSignature({ ...forSeven, expire: '1e12' }, secret, now)).toBe('invalid');
  });

  it('refuses an expiry later than a ticket issued now could have, however it is signed', () => {
    expect(checkSignature(headersFor('7', expiration + 1), secret, now)).toBe('invalid');
    // Security issue, finding 1: the digits of "E" + "877" regrouped as "E8" + "77" sign too.
    const regrouped = { ...headersFor('877'), expire: `${expiration}8`, videoId: '77' };
    expect(
      uploadSignature({ ...secret, expiration: Number(regrouped.expire), videoId: '77' }),
    ).toBe(regrouped.signature);
    expect(checkSignature(regrouped, secret, now)).toBe('invalid');
  });

  it('takes the expiry and video id only as plain digits, without a leading zero', () => {
    const zeroed = headersFor('07');
    expect(checkSignature(zeroed, secret, now)).toBe('invalid');
    expect(checkSignature({ ...headersFor('7'), expire: `0${expiration}` }, secret, now)).toBe(
      'invalid',
    );
    expect(checkSignature({ ...headersFor('7'), videoId: '7 ' }, secret, now)).toBe('invalid');
  });

  it('needs the signature, expiry and video id; the library id may be left out', () => {
    const forSeven = headersFor('7');
    expect(checkSignature({ ...forSeven, signature: undefined }, secret, now)).toBe('missing');
    expect(checkSignature({ ...forSeven, expire: undefined }, secret, now)).toBe('missing');
    expect(checkSignature({ ...forSeven, videoId: undefined }, secret, now)).toBe('missing');
    expect(checkSignature({ ...forSeven, libraryId: undefined }, secret, now)).toBe('valid');
  });
});

describe('the video a ticket reaches', () => {
  it('is the one it was issued for: a clinic video holding exactly its expiry', () => {
    const video = { clinicId: 3, ticketExpiration: expiration };
    expect(ticketIsForVideo(expiration, video)).toBe(true);
    expect(ticketIsForVideo(expiration + 1, video)).toBe(false);
    expect(ticketIsForVideo(expiration, { ...video, ticketExpiration: null })).toBe(false);
    expect(ticketIsForVideo(expiration, { ...video, clinicId: null })).toBe(false);
  });

  it('counts as open while its ticket is good and was issued within the window', () => {
    const nowSeconds = now.getTime() / 1000;
    const day = TICKET_LIFETIME_SECONDS * 1000;
    expect(openTicketsExpireAfter(now, day)).toBe(nowSeconds);
    expect(openTicketsExpireAfter(now, 2 * day)).toBe(nowSeconds);
    expect(openTicketsExpireAfter(now, 60 * 60_000)).toBe(
      nowSeconds + TICKET_LIFETIME_SECONDS - 3600,
    );
  });

  it('is no longer waited for from the second its ticket runs out', () => {
    expect(ticketsRunOutBy(new Date((expiration + 0.999) * 1000))).toBe(expiration);
    expect(checkSignature(headersFor('7'), secret, new Date(expiration * 1000))).toBe('expired');
    expect(ticketsRunOutBy(new Date(expiration * 1000 - 1))).toBe(expiration - 1);
  });
});

describe('upload size and type', () => {
  it('takes a declared length up to the limit', () => {
    expect(checkUploadSize('100', 100)).toBe('ok');
    expect(checkUploadSize('101', 100)).toBe('too_large');
    expect(checkUploadSize(undefined, 100)).toBe('missing');
    expect(checkUploadSize('-1', 100)).toBe('missing');
  });

  it('knows a video media type', () => {
    expect(isVideoType('video/mp4')).toBe(true);
    expect(isVideoType('video/quicktime')).toBe(true);
    expect(isVideoType('image/png')).toBe(false);
    expect(isVideoType('video/')).toBe(false);
    expect(isVideoType(null)).toBe(false);
  });
});

describe('upload ids', () => {
  it('start with the video id, and only ids this server made are read back', () => {
    const id = uploadIdFor('42', 'a'.repeat(32));
    expect(videoIdOfUpload(id)).toBe('42');
    expect(videoIdOfUpload('42')).toBeNull();
    expect(videoIdOfUpload('../42-aaaaaaaaaaaaaaaa')).toBeNull();
  });
});

describe('upload metadata', () => {
  it('reads the pairs tus-js-client sends', () => {
    const header = `filetype ${Buffer.from('video/mp4').toString('base64')},title ${Buffer.from('Knee bend').toString('base64')},empty`;
    expect(parseUploadMetadata(header)).toEqual({
      filetype: 'video/mp4',
      title: 'Knee bend',
      empty: null,
    });
    expect(parseUploadMetadata(undefined)).toEqual({});
  });

  it('refuses what does not parse', () => {
    expect(parseUploadMetadata('filetype not base64!')).toBeNull();
    expect(parseUploadMetadata('a b c')).toBeNull();
  });
});
