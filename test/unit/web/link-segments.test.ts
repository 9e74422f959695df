import { describe, expect, it } from 'vitest';
import { linkSegments, safeHref } from '../../../web/src/lib/link-segments.ts';

const links = (text: string) => linkSegments(text).filter((segment) => segment.kind === 'link');
const joined = (text: string) =>
  linkSegments(text)
    .map((segment) => segment.text)
    .join('');

describe('linkSegments', () => {
  it('splits text and http(s) links, keeping every character of the text', () => {
    const text = 'See https://example.org/a?b=1#c and http://foo.test too';
    expect(linkSegments(text)).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1#c', href: 'https://example.org/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://foo.test', href: 'http://foo.test/' },
      { kind: 'text', text: ' too' },
    ]);
    expect(joined(text)).toBe(text);
  });

  it('plain text stays one text segment; empty text none', () => {
    expect(linkSegments('no links here.')).toEqual([{ kind: 'text', text: 'no links here.' }]);
    expect(linkSegments('')).toEqual([]);
  });

  it('never links javascript:, data:, vbscript:, file: or mailto:, in any case or disguise', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      ' javascript://example.org/%0aalert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:someone@example.org',
      'ftp://example.org/file',
      'xhttps://example.org',
    ]) {
      expect(links(hostile), hostile).toEqual([]);
      expect(joined(hostile)).toBe(hostile);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
  });

  it('a link hidden after a hostile prefix is only its http(s) part', () => {
    const [link] = links('javascript:alert(1)//https://example.org/x');
    expect(link?.href).toBe('https://example.org/x');
  });

  it('markup stays text: the link stops at < > and quotes, and nothing else becomes a link', () => {
    const text = '<script>alert(1)</script> <a href="https://evil.example">x</a> https://ok.example/<img src=x onerror=alert(1)>';
    expect(links(text).map((link) => link.href)).toEqual(['https://evil.example/', 'https://ok.example/']);
    expect(joined(text)).toBe(text);
  });

  it('leaves trailing punctuation and unbalanced closing brackets out of the link', () => {
    expect(links('Look: https://example.org/page.').map((link) => link.text)).toEqual(['https://example.org/page']);
    expect(links('(see https://example.org/x), then!').map((link) => link.text)).toEqual(['https://example.org/x']);
    expect(links('https://en.wikipedia.org/wiki/Anchor_(disambiguation)?!').map((link) => link.text)).toEqual([
      'https://en.wikipedia.org/wiki/Anchor_(disambiguation)',
    ]);
    expect(joined('Look: https://example.org/page.')).toBe('Look: https://example.org/page.');
  });

  it('keeps URLs that carry a user name or password as text (what they show is not where they go)', () => {
    expect(links('https://bank.example@evil.example/login')).toEqual([]);
    expect(links('https://user:pass@example.org')).toEqual([]);
  });

  it('a scheme without a host is text', () => {
    expect(links('http:// nothing and https://')).toEqual([]);
  });

  it('handles a very long URL and a long text in linear time', () => {
    const long = `https://example.org/${'a'.repeat(5000)}`;
    expect(links(long)).toHaveLength(1);
    const many = 'https://x.example/ '.repeat(2000) + 'h'.repeat(20000);
    const started = performance.now();
    expect(links(many)).toHaveLength(2000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(links(`${'http:'.repeat(5000)}`)).toEqual([]);
    expect(links(`https://example.org/${')'.repeat(3000)}`).map((link) => link.text)).toEqual(['https://example.org/']);
  });
});
