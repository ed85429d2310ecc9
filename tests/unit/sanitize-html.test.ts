import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/server/lib/sanitize-html.js';
import { isBlankHtml } from '../../src/shared/validation/portal.js';
import { expectOnlyAllowedMarkup, XSS_PAYLOADS } from '../support/html.js';

describe('sanitizeHtml: what cannot survive', () => {
  it.each(Object.entries(XSS_PAYLOADS))('%s', (_name, payload) => {
    const clean = sanitizeHtml(`<p>before</p>${payload}<p>after</p>`);
    expectOnlyAllowedMarkup(clean);
    expect(clean.toLowerCase()).not.toMatch(/<script|<img|<svg|<iframe|<object|<embed|<style|<link|<meta|<base|<form|<input|<math|<template|<textarea/);
    expect(clean).not.toMatch(/ on[a-z]+=/i);
    expect(clean).not.toMatch(/href="(?!https?:|mailto:)/i);
    expect(clean.startsWith('<p>before</p>')).toBe(true);
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps safe links as written and gives them rel and target', () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener" title="t">x</a>')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
    expect(sanitizeHtml('<a href=" http://example.com ">x</a>')).toBe('<p><a href="http://example.com" rel="noopener noreferrer" target="_blank">x</a></p>');
    expect(sanitizeHtml('<a href="mailto:a@b.example">mail</a>')).toBe('<p><a href="mailto:a@b.example" rel="noopener noreferrer" target="_blank">mail</a></p>');
  });

  it('drops the content of script, style and embedded documents but keeps the text of other tags', () => {
    expect(sanitizeHtml('<p>a<script>evil()</script><span>b</span><font color="red">c</font><style>p{}</style></p>')).toBe('<p>abc</p>');
    expect(sanitizeHtml('<svg><text>svg text</text></svg><iframe>frame text</iframe><p>kept</p>')).toBe('<p>kept</p>');
  });

  it('escapes markup-like text instead of interpreting it', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 "quoted"</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 "quoted"</p>');
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });
});

describe('sanitizeHtml: the editor shape', () => {
  it('folds Lexical export markup into the semantic tags', () => {
    const lexical =
      '<h2 class="editor-heading-h2" dir="ltr"><span style="white-space: pre-wrap;">Title</span></h2>' +
      '<p class="editor-paragraph" dir="ltr"><span style="white-space: pre-wrap;">plain </span><b><strong class="editor-text-bold" style="white-space: pre-wrap;">bold</strong></b>' +
      '<i><em class="editor-text-italic" style="white-space: pre-wrap;"> italic</em></i><u><span class="editor-text-underline" style="white-space: pre-wrap;"> under</span></u>' +
      '<s><span class="editor-text-strikethrough" style="white-space: pre-wrap;"> strike</span></s>' +
      '<a href="https://example.com" class="editor-link" rel="noreferrer"><span style="white-space: pre-wrap;">link</span></a></p>' +
      '<ul class="editor-list-ul"><li value="1" class="editor-listitem"><span style="white-space: pre-wrap;">one</span></li></ul>' +
      '<ol class="editor-list-ol"><li value="1" class="editor-listitem"><span style="white-space: pre-wrap;">first</span></li></ol>' +
      '<p class="editor-paragraph"><br></p>';
    expect(sanitizeHtml(lexical)).toBe(
      '<h2>Title</h2><p>plain <strong>bold</strong><em> italic</em><u> under</u><s> strike</s>' +
        '<a href="https://example.com" rel="noopener noreferrer" target="_blank">link</a></p>' +
        '<ul><li>one</li></ul><ol><li>first</li></ol><p><br /></p>',
    );
  });

  it('writes combined formatting in one order: u, s, em, strong', () => {
    expect(sanitizeHtml('<p><strong><em><s><u>all</u></s></em></strong></p>')).toBe('<p><u><s><em><strong>all</strong></em></s></u></p>');
    expect(sanitizeHtml('<p><u><s><i><b><strong>all</strong></b></i></s></u></p>')).toBe('<p><u><s><em><strong>all</strong></em></s></u></p>');
  });

  it('maps other spellings of the same formatting and headings the editor cannot make', () => {
    expect(sanitizeHtml('<h1>a</h1><h5>b</h5><h6>c</h6><p><b>d</b><i>e</i><strike>f</strike><del>g</del></p>')).toBe(
      '<h2>a</h2><h4>b</h4><h4>c</h4><p><strong>d</strong><em>e</em><s>fg</s></p>',
    );
  });

  it('unwraps repeated, empty and link-less formatting and links inside links', () => {
    expect(sanitizeHtml('<p><strong>a<strong>b</strong></strong><em></em><u><s></s></u> c</p>')).toBe('<p><strong>ab</strong> c</p>');
    expect(sanitizeHtml('<p><a>no href</a> <a href="https://a.example">out<a href="https://b.example">in</a></a></p>')).toBe(
      '<p>no href <a href="https://a.example" rel="noopener noreferrer" target="_blank">outin</a></p>',
    );
  });

  it('puts loose text into paragraphs, list content into items and unwraps blocks in running text', () => {
    expect(sanitizeHtml('loose <strong>text</strong><h2>head</h2> \n tail')).toBe('<p>loose <strong>text</strong></p><h2>head</h2><p>tail</p>');
    expect(sanitizeHtml('<ul>\n  text <li>item</li>\n</ul>')).toBe('<ul><li>text</li><li>item</li></ul>');
    expect(sanitizeHtml('<p><strong>a<h2>b</h2></strong></p>')).toBe('<p><strong>ab</strong></p>');
    expect(sanitizeHtml('<ol><li><p>para</p></li></ol>')).toBe('<ol><li>para</li></ol>');
    expect(sanitizeHtml('<div>one</div><div>two</div><blockquote>three</blockquote>')).toBe('<p>one</p><p>two</p><p>three</p>');
  });

  it('keeps nested lists inside their item', () => {
    const nested = '<ul><li>a<ul><li>nested</li></ul></li><li>b</li></ul>';
    expect(sanitizeHtml(nested)).toBe(nested);
  });

  it('collapses white space and drops trailing line breaks as the editor does when it loads a body', () => {
    expect(sanitizeHtml('<p>  two   spaces\n here </p>')).toBe('<p>two spaces here</p>');
    expect(sanitizeHtml('<p>a <strong> b</strong></p>')).toBe('<p>a <strong>b</strong></p>');
    expect(sanitizeHtml('<p>line<br>  next<br><br></p><p><br><br></p><p></p><h3></h3>')).toBe('<p>line<br />next</p><p><br /></p><p><br /></p><h3><br /></h3>');
    expect(sanitizeHtml('<p>a&nbsp;&nbsp;b</p>')).toBe('<p>a\u00a0\u00a0b</p>');
  });

  it('is idempotent', () => {
    const bodies = [
      ...Object.values(XSS_PAYLOADS),
      '<p>a<p>b</p>c</p>',
      '<ul><li>a</li>b<ol><li>c</li></ol></ul>',
      '<strong><p>x</p> <ul><li>y</li></ul></strong>',
      '<li>stray</li><table><tr><td>a</td><td>b</td></tr></table>',
      '<p> <em>a </em> <strong> b </strong> </p>',
    ];
    for (const body of bodies) {
      const once = sanitizeHtml(body);
      expect(sanitizeHtml(once), body).toBe(once);
    }
  });

  // How fast a long body goes is measured by the bench (`npm run bench -- --rich-text`), not asserted here.
  it('copes with deep nesting and long bodies', () => {
    const deep = sanitizeHtml('<strong>'.repeat(20_000) + 'x');
    expect(deep).toBe('<p><strong>x</strong></p>');
    const long = sanitizeHtml('<p>' + '<strong>word </strong><em>word</em> '.repeat(20_000) + '</p>');
    expect(long.length).toBeGreaterThan(200_000);
  });
});

describe('isBlankHtml', () => {
  it('treats markup without text as blank', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p> &nbsp; </p><ul><li><br /></li></ul>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
    expect(isBlankHtml('<p>&amp;</p>')).toBe(false);
  });
});
