import { ChakraProvider } from '@chakra-ui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../ui/theme.ts';
import { ArticleMarkup } from './article-markup.component.tsx';

const render = (source: string) =>
  renderToStaticMarkup(
    <ChakraProvider value={system}>
      <ArticleMarkup source={source} />
    </ChakraProvider>,
  );

describe('ArticleMarkup', () => {
  it('renders headings, paragraphs, lists and bold as elements', () => {
    const html = render('Intro **strong** text\n\n## Section\n\n### Sub\n\n- one\n- **two**');
    expect(html).toMatch(/<p[^>]*>.*Intro .*<strong[^>]*>strong<\/strong>.* text.*<\/p>/);
    expect(html).toMatch(/<h2[^>]*>.*Section.*<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>.*Sub.*<\/h3>/);
    expect(html).toMatch(/<ul[^>]*><li[^>]*>.*one.*<\/li><li[^>]*>.*<strong[^>]*>two<\/strong>.*<\/li><\/ul>/);
  });

  it('shows HTML in the text as literal text, never as markup', () => {
    const html = render('<script>alert("x")</script> and <img src=x onerror=alert(1)>\n\n- <b>not bold</b>\n\n## <iframe src="//evil">');
    expect(html).not.toMatch(/<script|<img|<iframe|<b>/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(html).toContain('&lt;iframe src=&quot;//evil&quot;&gt;');
  });
});
