import { describe, expect, it } from 'vitest';
import { renderTemplate, templateVariables } from './render-template.ts';

describe('renderTemplate', () => {
  it('replaces known variables, also with spaces inside the braces', () => {
    expect(renderTemplate('{{name}} 様\n{{ company }}より', { name: 'グエン', company: 'さくら人材' })).toBe('グエン 様\nさくら人材より');
  });

  it('replaces every occurrence', () => {
    expect(renderTemplate('{{a}}-{{a}}-{{b}}', { a: 1, b: 'x' })).toBe('1-1-x');
  });

  it('leaves unknown and empty-valued variables visible', () => {
    expect(renderTemplate('Hi {{nmae}}, {{link}}', { name: 'An', link: null })).toBe('Hi {{nmae}}, {{link}}');
    expect(renderTemplate('{{x}}', { x: undefined })).toBe('{{x}}');
  });

  it('does not treat inherited object keys as variables', () => {
    expect(renderTemplate('{{constructor}} {{toString}} {{__proto__}}', {})).toBe('{{constructor}} {{toString}} {{__proto__}}');
  });

  it('inserts values as plain text (no HTML escaping, no markup) and does not expand them again', () => {
    expect(renderTemplate('{{name}}', { name: '<b>A & B</b>' })).toBe('<b>A & B</b>');
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
  });

  it('ignores what is not a placeholder', () => {
    const text = '{name} {{ }} {{1abc}} {{a-b}} {{{a}}}';
    expect(renderTemplate(text, { name: 'x', a: 'A' })).toBe('{name} {{ }} {{1abc}} {{a-b}} {A}');
  });

  it('keeps an empty-string value as empty', () => {
    expect(renderTemplate('[{{a}}]', { a: '' })).toBe('[]');
  });
});

describe('templateVariables', () => {
  it('lists each variable once in order', () => {
    expect(templateVariables('{{name}} {{link}} {{ name }}')).toEqual(['name', 'link']);
  });
});
