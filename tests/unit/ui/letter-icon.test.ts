import { describe, expect, it } from 'vitest';
import { LETTER_COLORS, letterColor, letterOf } from '../../../src/ui/letter-icon';

describe('letter icons', () => {
  it.each([
    ['Acme Notes', 'A'],
    ['  fixture', 'F'],
    ['@team/docs', 'T'],
    ['42 tools', '4'],
    ['élan', 'É'],
    ['—', '?'],
    ['', '?'],
  ])('draws %j with the letter %s', (name, letter) => {
    expect(letterOf(name)).toBe(letter);
  });

  it('gives a name the same colour every time, whatever its case or outer spaces', () => {
    expect(letterColor('Acme Notes')).toBe(letterColor('acme notes'));
    expect(letterColor(' Acme Notes ')).toBe(letterColor('Acme Notes'));
    expect(LETTER_COLORS).toContain(letterColor('Acme Notes'));
  });

  it('spreads names over the colours, so neighbours tell apart', () => {
    const names = ['Notion', 'Linear', 'Ahrefs', 'Supabase', 'Context7', 'DeepWiki', 'fixture'];
    const used = new Set(
      [...names, ...names.map((name) => `${name} 2`)].map((name) => letterColor(name)),
    );
    expect(used.size).toBeGreaterThanOrEqual(5);
  });
});
