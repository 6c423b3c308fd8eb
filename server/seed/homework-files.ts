/**
 * Small real files for the demo homework, made in code (no binaries in the repository): a one-page
 * PDF with a few lines of text, and a plain text worksheet. The PDF is valid (its cross-reference
 * table points at each object), so any viewer opens it.
 */

function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
}

/** A one-page A4 PDF showing `lines` in Helvetica. */
export function onePagePdf(lines: readonly string[]): Buffer {
  const content = ['BT', '/F1 14 Tf', '56 780 Td', '18 TL', ...lines.map((line) => `(${pdfText(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A plain text worksheet (UTF-8, CRLF lines, as Notepad saves it). */
export function textWorksheet(lines: readonly string[]): Buffer {
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
