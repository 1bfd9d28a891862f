/**
 * A minimal MIME reader for tests (mailparser is not available here): headers with folding, multipart bodies,
 * base64 / quoted-printable transfer encodings, RFC 2231 parameter continuations. Enough to read what nodemailer
 * writes; not a general parser.
 */

export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  params: Record<string, string>;
  disposition: string | null;
  dispositionParams: Record<string, string>;
  /** Decoded body (transfer encoding removed); empty for multipart containers. */
  body: Buffer;
  parts: MimePart[];
}

function splitHeadersBody(raw: string): [string, string] {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return [raw, ''];
  return [raw.slice(0, m.index), raw.slice(m.index + m[0].length)];
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(i + 1).trim());
  }
  return headers;
}

/** `value; a=b; c="d"` → value plus params, joining RFC 2231 continuations (`name*0*=utf-8''...`). */
export function parseHeaderValue(header: string): { value: string; params: Record<string, string> } {
  const pieces: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      pieces.push(cur);
      cur = '';
    } else cur += ch;
  }
  pieces.push(cur);
  const value = (pieces.shift() ?? '').trim().toLowerCase();
  const simple: Record<string, string> = {};
  const continued: Record<string, { index: number; text: string; encoded: boolean }[]> = {};
  for (const piece of pieces) {
    const i = piece.indexOf('=');
    if (i < 0) continue;
    const key = piece.slice(0, i).trim().toLowerCase();
    let val = piece.slice(i + 1).trim();
    if (val.startsWith('"') && val.endsWith('"')) val = val.slice(1, -1);
    const m = /^([^*]+)\*(\d+)?(\*)?$/.exec(key);
    if (m) {
      (continued[m[1]!] ??= []).push({ index: Number(m[2] ?? 0), text: val, encoded: Boolean(m[3]) || m[2] === undefined });
    } else simple[key] = val;
  }
  for (const [key, segs] of Object.entries(continued)) {
    segs.sort((a, b) => a.index - b.index);
    let text = '';
    for (const seg of segs) {
      let t = seg.text;
      if (seg.encoded && seg.index === 0) t = t.replace(/^[^']*'[^']*'/, '');
      text += seg.encoded ? decodeURIComponent(t) : t;
    }
    simple[key] = text;
  }
  return { value, params: simple };
}

export function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

export function parseMime(raw: string): MimePart {
  const [headBlock, bodyText] = splitHeadersBody(raw);
  const headers = parseHeaders(headBlock);
  const ct = parseHeaderValue(headers.get('content-type') ?? 'text/plain');
  const cd = headers.has('content-disposition') ? parseHeaderValue(headers.get('content-disposition')!) : null;
  const part: MimePart = {
    headers,
    contentType: ct.value,
    params: ct.params,
    disposition: cd?.value ?? null,
    dispositionParams: cd?.params ?? {},
    body: Buffer.alloc(0),
    parts: [],
  };
  if (ct.value.startsWith('multipart/') && ct.params.boundary) {
    const delimiter = `--${ct.params.boundary}`;
    const lines = bodyText.split(/\r?\n/);
    let current: string[] | null = null;
    for (const line of lines) {
      if (line === `${delimiter}--`) {
        if (current) part.parts.push(parseMime(current.join('\r\n')));
        current = null;
        break;
      }
      if (line === delimiter) {
        if (current) part.parts.push(parseMime(current.join('\r\n')));
        current = [];
        continue;
      }
      current?.push(line);
    }
    return part;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') part.body = Buffer.from(bodyText.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') part.body = decodeQuotedPrintable(bodyText);
  else part.body = Buffer.from(bodyText, 'utf8');
  return part;
}

/** Every leaf part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}

export function partFilename(part: MimePart): string | null {
  return part.dispositionParams.filename ?? part.params.name ?? null;
}

/** Unfolds iCalendar content lines (RFC 5545 §3.1) and returns the value of the first `name` property. */
export function icsProperty(ics: string, name: string): string | null {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  if (!line) return null;
  return line.slice(line.indexOf(':') + 1);
}

/** The unfolded content lines of an iCalendar text. */
export function icsLines(ics: string): string[] {
  return ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/).filter(Boolean);
}
