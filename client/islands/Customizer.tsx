import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import {
  CUSTOMIZER_COOKIE,
  type CustomizerAction,
  type CustomizerState,
  htmlAttributes,
  reduceCustomizer,
} from '../stores/customizer.ts';
import { persistState } from '../stores/persist.ts';

export interface CustomizerProps {
  initial: CustomizerState;
  lang: 'ja' | 'en';
}

const L = {
  ja: { title: 'レイアウト設定', open: 'カスタマイズ', dir: '方向', ltr: '左から右', rtl: '右から左', box: 'ボックス', mode: '表示', light: 'ライト', dark: 'ダーク', sidebar: 'サイドバー', normal: '標準', compact: 'コンパクト', primary: 'メインカラー', secondary: 'サブカラー', reset: '初期設定に戻す' },
  en: { title: 'Layout settings', open: 'Customize', dir: 'Direction', ltr: 'Left to right', rtl: 'Right to left', box: 'Boxed', mode: 'Mode', light: 'Light', dark: 'Dark', sidebar: 'Sidebar', normal: 'Default', compact: 'Compact', primary: 'Primary colour', secondary: 'Secondary colour', reset: 'Reset to defaults' },
};

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
  const t = L[lang];
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
        {t.open}
      </button>
      {open.value && (
        <div className="customizer-panel" role="dialog" aria-label={t.title}>
          <h2>{t.title}</h2>
          <fieldset>
            <legend>{t.dir}</legend>
            {radio('layout_type', 'ltr', t.ltr)}
            {radio('layout_type', 'rtl', t.rtl)}
            {radio('layout_type', 'box', t.box)}
          </fieldset>
          <fieldset>
            <legend>{t.mode}</legend>
            {radio('layout_version', 'light', t.light)}
            {radio('layout_version', 'dark-only', t.dark)}
          </fieldset>
          <fieldset>
            <legend>{t.sidebar}</legend>
            {radio('sidebar', 'default', t.normal)}
            {radio('sidebar', 'compact', t.compact)}
          </fieldset>
          <label className="color">
            {t.primary}
            <input type="color" value={s.primary_color} onChange={(e) => dispatch({ type: 'set', key: 'primary_color', value: e.target.value })} />
          </label>
          <label className="color">
            {t.secondary}
            <input type="color" value={s.secondary_color} onChange={(e) => dispatch({ type: 'set', key: 'secondary_color', value: e.target.value })} />
          </label>
          <button type="button" className="btn-link" onClick={() => dispatch({ type: 'reset' })}>
            {t.reset}
          </button>
        </div>
      )}
    </div>
  );
}
