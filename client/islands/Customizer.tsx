import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { CUSTOMIZER_COOKIE, type CustomizerAction, type CustomizerState, htmlAttributes, reduceCustomizer } from '../stores/customizer.ts';
import { persistState } from '../stores/persist.ts';
import { msg } from '../../shared/messages.ts';

export interface CustomizerProps {
  initial: CustomizerState;
  lang: 'ja' | 'en';
}

/** Applies a state to the live document the same way the server rendered it. */
function apply(state: CustomizerState) {
  const root = document.documentElement;
  const attrs = htmlAttributes(state);
  root.dir = attrs.dir;
  root.className = attrs.className;
  for (const [k, v] of Object.entries(attrs.style)) root.style.setProperty(k, v);
  const oneYear = 60 * 60 * 24 * 365;
  document.cookie = `${CUSTOMIZER_COOKIE}=${encodeURIComponent(JSON.stringify(state))}; path=/; max-age=${oneYear}; samesite=lax`;
  persistState(CUSTOMIZER_COOKIE, state);
}

export default function Customizer({ initial, lang }: CustomizerProps) {
  useSignals();
  const state = useSignal(initial);
  const open = useSignal(false);
  const dispatch = (action: CustomizerAction) => {
    state.value = reduceCustomizer(state.value, action);
  };
  useEffect(() => apply(state.value), [state.value]);
  const s = state.value;
  const radio = (key: keyof CustomizerState, value: string, label: string) => (
    <label className="choice">
      <input type="radio" name={key} value={value} checked={s[key] === value} onChange={() => dispatch({ type: 'set', key, value })} />
      {label}
    </label>
  );
  return (
    <div className="customizer">
      <button type="button" className="customizer-toggle" aria-expanded={open.value} onClick={() => (open.value = !open.value)}>
        {msg(lang, 'customizer.open')}
      </button>
      {open.value && (
        <div className="customizer-panel" role="dialog" aria-label={msg(lang, 'customizer.title')}>
          <h2>{msg(lang, 'customizer.title')}</h2>
          <fieldset>
            <legend>{msg(lang, 'customizer.dir')}</legend>
            {radio('layout_type', 'ltr', msg(lang, 'customizer.ltr'))}
            {radio('layout_type', 'rtl', msg(lang, 'customizer.rtl'))}
            {radio('layout_type', 'box', msg(lang, 'customizer.box'))}
          </fieldset>
          <fieldset>
            <legend>{msg(lang, 'customizer.mode')}</legend>
            {radio('layout_version', 'light', msg(lang, 'customizer.light'))}
            {radio('layout_version', 'dark-only', msg(lang, 'customizer.dark'))}
          </fieldset>
          <fieldset>
            <legend>{msg(lang, 'customizer.sidebar')}</legend>
            {radio('sidebar', 'default', msg(lang, 'customizer.normal'))}
            {radio('sidebar', 'compact', msg(lang, 'customizer.compact'))}
          </fieldset>
          <label className="color">
            {msg(lang, 'customizer.primary')}
            <input type="color" value={s.primary_color} onChange={(e) => dispatch({ type: 'set', key: 'primary_color', value: e.target.value })} />
          </label>
          <label className="color">
            {msg(lang, 'customizer.secondary')}
            <input type="color" value={s.secondary_color} onChange={(e) => dispatch({ type: 'set', key: 'secondary_color', value: e.target.value })} />
          </label>
          <button type="button" className="btn-link" onClick={() => dispatch({ type: 'reset' })}>
            {msg(lang, 'customizer.reset')}
          </button>
        </div>
      )}
    </div>
  );
}
