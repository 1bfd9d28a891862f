/**
 * The articles' small markup language (spec 01 §3: "simple heading, bold and list markup"), parsed into a tree of
 * plain data. Nothing in it is ever treated as HTML: the renderer turns text into React text nodes, so `<script>`
 * in an article shows as those characters.
 *
 * - `## Heading` / `### Subheading` on their own line
 * - `- item` (or `* item`) lines form a list
 * - `**bold**` inside any text
 * - other lines form paragraphs; a blank line ends one
 */

export type Inline = { kind: 'text'; text: string } | { kind: 'bold'; text: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] };

/** `**bold**` spans; an unclosed `**` stays literal text. */
export function parseInlines(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (kind: Inline['kind'], value: string) => {
    if (!value) return;
    const last = out[out.length - 1];
    if (kind === 'text' && last?.kind === 'text') last.text += value;
    else out.push({ kind, text: value });
  };
  let rest = text;
  for (;;) {
    const open = rest.indexOf('**');
    const close = open === -1 ? -1 : rest.indexOf('**', open + 2);
    if (open === -1 || close === -1) {
      push('text', rest);
      return out;
    }
    push('text', rest.slice(0, open));
    const bold = rest.slice(open + 2, close);
    if (bold.trim()) push('bold', bold);
    else push('text', rest.slice(open, close + 2));
    rest = rest.slice(close + 2);
  }
}

const HEADING = /^(#{2,3})\s+(.*)$/;
const ITEM = /^[-*]\s+(.*)$/;

export function parseMarkup(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Inline[][] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join(' ')) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', items: list });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length === 2 ? 2 : 3, inlines: parseInlines(heading[2]!.trim()) });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      if (paragraph.length) {
        blocks.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join(' ')) });
        paragraph = [];
      }
      (list ??= []).push(parseInlines(item[1]!.trim()));
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** The plain text of some markup (no markers), e.g. for search or a word count. */
export function markupToPlainText(source: string): string {
  const inlineText = (inlines: Inline[]) => inlines.map((i) => i.text).join('');
  return parseMarkup(source)
    .map((block) => (block.kind === 'list' ? block.items.map(inlineText).join('\n') : inlineText(block.inlines)))
    .join('\n\n');
}
