import { describe, expect, it } from 'vitest';
import { markupToPlainText, parseInlines, parseMarkup } from './markup.util.ts';

describe('parseInlines', () => {
  it('splits **bold** spans from text', () =>
    expect(parseInlines('a **b** c **d**')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'bold', text: 'b' },
      { kind: 'text', text: ' c ' },
      { kind: 'bold', text: 'd' },
    ]));
  it('keeps an unclosed ** as text', () => expect(parseInlines('2 ** 3')).toEqual([{ kind: 'text', text: '2 ** 3' }]));
  it('keeps an empty **** as text', () => expect(parseInlines('x****y')).toEqual([{ kind: 'text', text: 'x****y' }]));
});

describe('parseMarkup', () => {
  it('reads headings, paragraphs joined across lines, lists and bold', () => {
    const source = 'Intro line one\nline two\n\n## Why\n\n- **Time:** less\n* Errors\n\n### Detail\nEnd **now**.';
    expect(parseMarkup(source)).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Intro line one line two' }] },
      { kind: 'heading', level: 2, inlines: [{ kind: 'text', text: 'Why' }] },
      {
        kind: 'list',
        items: [
          [
            { kind: 'bold', text: 'Time:' },
            { kind: 'text', text: ' less' },
          ],
          [{ kind: 'text', text: 'Errors' }],
        ],
      },
      { kind: 'heading', level: 3, inlines: [{ kind: 'text', text: 'Detail' }] },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'End ' },
          { kind: 'bold', text: 'now' },
          { kind: 'text', text: '.' },
        ],
      },
    ]);
  });

  it('ends a list at a following paragraph line and a paragraph at a list line', () => {
    expect(parseMarkup('para\n- a\n- b\nafter').map((b) => b.kind)).toEqual(['paragraph', 'list', 'paragraph']);
  });

  it('treats # (level 1) and #### as text, and handles CRLF', () => {
    expect(parseMarkup('# not a heading\r\n#### nor this').map((b) => b.kind)).toEqual(['paragraph']);
  });

  it('leaves HTML as literal text (never markup)', () => {
    const blocks = parseMarkup('<script>alert(1)</script>\n\n## <img src=x onerror=alert(1)>');
    expect(blocks).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
      { kind: 'heading', level: 2, inlines: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });

  it('gives the plain text', () => expect(markupToPlainText('## A\n\n**b** c\n\n- d\n- e')).toBe('A\n\nb c\n\nd\ne'));
});
