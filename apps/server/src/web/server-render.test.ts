import { describe, expect, it } from 'vitest';
import { lowPriorityScripts, renderLanguage, renderTimeZone, withRenderedPage, type RenderedPage } from './server-render.ts';

const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-A.css">
    <link rel="modulepreload" crossorigin href="/assets/main-C.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the language and zone a page is rendered in', () => {
  it("takes the app's language cookie, else the browser's languages, else English", () => {
    expect(renderLanguage('he', 'en-US,en;q=0.9')).toBe('he');
    expect(renderLanguage('xx', 'ja-JP,ja;q=0.9,en;q=0.8')).toBe('ja');
    expect(renderLanguage(undefined, 'ca-ES;q=0.9')).toBe('ca');
    expect(renderLanguage(undefined, 'de-DE')).toBe('en');
    expect(renderLanguage(undefined, undefined)).toBe('en');
  });

  it("takes the app's zone cookie when it names a zone, else UTC", () => {
    expect(renderTimeZone('Asia/Jerusalem')).toBe('Asia/Jerusalem');
    expect(renderTimeZone('Not/AZone')).toBe('UTC');
    expect(renderTimeZone('<script>')).toBe('UTC');
    expect(renderTimeZone(`Europe/${'x'.repeat(80)}`)).toBe('UTC');
    expect(renderTimeZone(undefined)).toBe('UTC');
  });
});

describe('withRenderedPage', () => {
  const page: RenderedPage = {
    html: '<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/><link rel="preload" as="image" href="/media/b.webp"/><div class="app">שלום <a href="/x">$&amp;</a></div>',
    state: '{"language":"he","timeZone":"UTC","queries":[]}',
    lang: 'he',
    dir: 'rtl',
  };
  const html = withRenderedPage(INDEX, page, ['/assets/events-route-D.js', '/assets/react-B.js']);

  it('sets the language and direction of the page', () => {
    expect(html).toContain('<html lang="he" dir="rtl">');
  });

  it('puts the markup in #root and the state beside it as data that is never run', () => {
    expect(html).toContain('<div id="root"><div class="app">שלום <a href="/x">$&amp;</a></div></div>');
    expect(html).toContain('<script id="planns-state" type="application/json">{"language":"he","timeZone":"UTC","queries":[]}</script>');
  });

  it("moves the resources React hoisted into the head", () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>');
    expect(head).toContain('<link rel="preload" as="image" href="/media/b.webp"/>');
    expect(html.slice(html.indexOf('<div id="root">'))).not.toContain('rel="preload"');
  });

  it('fetches the first script at low priority and preloads no chunk: the page paints from its HTML first', () => {
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A.css">');
    expect(lowPriorityScripts(html)).toBe(html);
  });

  it("names index.html's chunks and the screen's own, once each, for the first script to load after the paint", () => {
    expect(html).toContain(
      '<script id="planns-chunks" type="application/json">["/assets/react-B.js","/assets/main-C.js","/assets/events-route-D.js"]</script>',
    );
    expect(withRenderedPage(INDEX, page)).toContain('<script id="planns-chunks" type="application/json">["/assets/react-B.js","/assets/main-C.js"]</script>');
  });
});
