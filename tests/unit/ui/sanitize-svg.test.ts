// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify supports jsdom, and happy-dom drops the <svg> root it parses.
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../../src/ui/icon-file';

describe('sanitizeSvg', () => {
  it('removes scripts, handlers and outside links, and keeps the drawing', () => {
    const clean = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4" fill="red" onclick="x()"/><a href="javascript:alert(3)"><circle r="2"/></a><image href="https://tracker.example/x.png"/></svg>',
    );
    expect(clean).not.toMatch(/script|onload|onclick|javascript|tracker/);
    expect(clean).toContain('<rect');
    expect(clean).toContain('<circle');
    expect(() => sanitizeSvg('<html>not svg</html>')).toThrow('The SVG file could not be read.');
  });

  it('also drops what loads or runs through styles and animation', () => {
    const clean = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://tracker.example/a.css);</style><rect width="4" height="4" style="fill:url(https://tracker.example/p.svg#g)"/><a href="#top"><animate attributeName="href" values="javascript:alert(1)"/><circle r="2" fill="url(#grad)"/></a><set attributeName="onclick" to="alert(2)"/></svg>',
    );
    expect(clean).not.toMatch(/tracker|javascript|<style|<animate|<set|onclick/);
    expect(clean).toContain('<rect');
    expect(clean).toContain('fill="url(#grad)"');
  });
});
