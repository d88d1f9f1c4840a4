import { describe, expect, it } from 'vitest';
import { CUSTOMIZER_DEFAULTS, htmlAttributes, parseCustomizer, reduceCustomizer } from './customizer.ts';

describe('customizer (SPEC §3 "Customizer / layout")', () => {
  it('defaults to ltr, light, primary #4466f2 and secondary #1ea6ec', () => {
    expect(CUSTOMIZER_DEFAULTS).toMatchObject({ layout_type: 'ltr', layout_version: 'light', primary_color: '#4466f2', secondary_color: '#1ea6ec' });
  });
  it('reads the cookie JSON field by field, falling back to defaults for anything unknown', () => {
    expect(parseCustomizer('{"layout_version":"dark-only","primary_color":"#123456","sidebar":"huge"}')).toMatchObject({
      layout_version: 'dark-only',
      primary_color: '#123456',
      sidebar: 'default',
    });
    expect(parseCustomizer('not json')).toEqual(CUSTOMIZER_DEFAULTS);
    expect(parseCustomizer('{"primary_color":"red; background:url(x)"}').primary_color).toBe('#4466f2');
  });
  it('sets one choice and resets to the defaults', () => {
    const s = reduceCustomizer(CUSTOMIZER_DEFAULTS, { type: 'set', key: 'layout_type', value: 'rtl' });
    expect(s.layout_type).toBe('rtl');
    expect(reduceCustomizer(s, { type: 'reset' })).toEqual(CUSTOMIZER_DEFAULTS);
  });
  it('turns a state into the html attributes the server renders (no flash)', () => {
    const a = htmlAttributes({ ...CUSTOMIZER_DEFAULTS, layout_type: 'rtl', layout_version: 'dark-only', sidebar: 'compact' });
    expect(a.dir).toBe('rtl');
    expect(a.className.split(' ')).toEqual(expect.arrayContaining(['dark-only', 'sidebar-compact']));
    expect(a.style).toEqual({ '--primary': '#4466f2', '--secondary': '#1ea6ec' });
  });
});
