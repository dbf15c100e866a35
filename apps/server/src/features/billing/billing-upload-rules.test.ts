import { describe, expect, it } from 'vitest';
import { billingUploadRefusal } from './billing-upload-rules';

const csv = (text: string) => billingUploadRefusal('csv', Buffer.from(text, 'utf8'));

describe('billingUploadRefusal', () => {
  it('takes a billing service CSV: values, negative amounts, quoted text with commas', () => {
    expect(
      csv('Patient,CPT,Units,Amount\r\n"Alvarez, Maria",98977,1,-12.50\r\nChen,98980,+1,5%\r\n'),
    ).toBeNull();
    expect(csv('a;b\n"He said ""fine""";-3\n')).toBeNull();
  });

  it('refuses formulas, markup, control characters and bytes that are not UTF-8', () => {
    expect(csv('a,b\r\n1,=HYPERLINK("http://evil.example","x")\r\n')).toMatch(
      /Row 2 has a formula/,
    );
    expect(csv('a,b\r\n"=1+1",2\r\n')).toMatch(/formula/);
    expect(csv('a\n@SUM(A1)\n')).toMatch(/formula/);
    expect(csv('a\n-2+3\n')).toMatch(/formula/);
    expect(csv('a\n+cmd|calc\n')).toMatch(/formula/);
    expect(csv('name\n<script>alert(1)</script>\n')).toMatch(/markup/);
    expect(csv('a\u0000b')).toMatch(/control characters/);
    expect(billingUploadRefusal('csv', Buffer.from([0x61, 0xff, 0xfe]))).toMatch(/not text/);
  });

  it('takes a PDF or a workbook only when the bytes are one', () => {
    expect(billingUploadRefusal('pdf', Buffer.from('%PDF-1.7\n...'))).toBeNull();
    expect(billingUploadRefusal('pdf', Buffer.from('<html>'))).toMatch(/not a PDF/);
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.alloc(26),
      Buffer.from('[Content_Types].xml'),
    ]);
    expect(billingUploadRefusal('xlsx', zip)).toBeNull();
    expect(billingUploadRefusal('xlsx', Buffer.from('a,b\n1,2\n'))).toMatch(/not an Excel/);
  });
});
