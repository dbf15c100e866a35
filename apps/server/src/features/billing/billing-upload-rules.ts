/**
 * What an uploaded billing file must hold to be stored (security issue 28): the kind of file its
 * name says. The office manager opens it in a spreadsheet or a PDF reader, trusting it came from
 * the clinic's billing service; a `.csv` that is a web page, or whose cells are formulas, is not
 * a billing file and would run in that spreadsheet.
 */

export type BillingUploadKind = 'csv' | 'xlsx' | 'pdf';

/** Why the content is not the kind of file its name says, or null when it is. */
export function billingUploadRefusal(kind: BillingUploadKind, content: Buffer): string | null {
  switch (kind) {
    case 'pdf':
      return content.subarray(0, 5).toString('latin1') === '%PDF-'
        ? null
        : 'This file is not a PDF: it does not start as one';
    case 'xlsx':
      // A workbook is a zip archive whose first entry lists its parts.
      return content.subarray(0, 4).equals(ZIP_SIGNATURE) &&
        content.subarray(0, 4096).includes('[Content_Types].xml')
        ? null
        : 'This file is not an Excel workbook (.xlsx)';
    case 'csv':
      return csvRefusal(content);
  }
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Text a spreadsheet reads as a formula (OWASP CSV injection), unless it is a signed number. */
const FORMULA = /^(?:[=@\t\r]|[+-](?!\d+(?:[.,]\d+)?%?$))/;

function csvRefusal(content: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return 'This CSV is not text (UTF-8): save it again as CSV';
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    return 'This CSV holds control characters: it is not a text file';
  }
  if (/<\s*[a-z!/?]/i.test(text)) {
    return 'This CSV holds markup (<…>), not billing rows';
  }
  const lines = text.split(/\r\n|\n|\r/);
  for (const [index, line] of lines.entries()) {
    const cell = csvCells(line).find((value) => FORMULA.test(value.trim()));
    if (cell !== undefined) {
      return `Row ${index + 1} has a formula (${cell.trim().slice(0, 20)}): a billing file holds values only`;
    }
  }
  return null;
}

/** A CSV line's cells, quotes removed; a quoted field is read up to its closing quote. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',' || char === ';') {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return cells;
}
