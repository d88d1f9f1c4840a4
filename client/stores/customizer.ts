/**
 * The layout customizer of SPEC §3 "Customizer / layout". Defaults: direction ltr, light
 * layout version, primary #4466f2, secondary #1ea6ec. Kept in the `customizer` cookie (so the
 * server renders the chosen layout with no flash) and in local storage.
 * (Parsed by hand, not with zod: this file ships to the browser and zod would triple the island.)
 */
const CHOICES = {
  layout_type: ['ltr', 'rtl', 'box'],
  sidebar: ['default', 'compact'],
  sidebar_setting: ['default-sidebar', 'border-sidebar', 'iconcolor-sidebar'],
  layout_version: ['light', 'dark-only'],
  mix_layout: ['default', 'dark-sidebar', 'dark-header'],
} as const;

export interface CustomizerState {
  layout_type: (typeof CHOICES.layout_type)[number];
  sidebar: (typeof CHOICES.sidebar)[number];
  sidebar_setting: (typeof CHOICES.sidebar_setting)[number];
  primary_color: string;
  secondary_color: string;
  layout_version: (typeof CHOICES.layout_version)[number];
  mix_layout: (typeof CHOICES.mix_layout)[number];
}

export const CUSTOMIZER_DEFAULTS: CustomizerState = {
  layout_type: 'ltr',
  sidebar: 'default',
  sidebar_setting: 'default-sidebar',
  primary_color: '#4466f2',
  secondary_color: '#1ea6ec',
  layout_version: 'light',
  mix_layout: 'default',
};

const HEX = /^#[0-9a-fA-F]{6}$/;

function pick<K extends keyof typeof CHOICES>(key: K, value: unknown): CustomizerState[K] {
  const options: readonly string[] = CHOICES[key];
  return (typeof value === 'string' && options.includes(value) ? value : CUSTOMIZER_DEFAULTS[key]) as CustomizerState[K];
}

function toState(v: Record<string, unknown>): CustomizerState {
  const color = (x: unknown, d: string) => (typeof x === 'string' && HEX.test(x) ? x.toLowerCase() : d);
  return {
    layout_type: pick('layout_type', v.layout_type),
    sidebar: pick('sidebar', v.sidebar),
    sidebar_setting: pick('sidebar_setting', v.sidebar_setting),
    primary_color: color(v.primary_color, CUSTOMIZER_DEFAULTS.primary_color),
    secondary_color: color(v.secondary_color, CUSTOMIZER_DEFAULTS.secondary_color),
    layout_version: pick('layout_version', v.layout_version),
    mix_layout: pick('mix_layout', v.mix_layout),
  };
}

export const CUSTOMIZER_COOKIE = 'customizer';

/** Reads the cookie's JSON; anything unreadable falls back to the defaults field by field. */
export function parseCustomizer(raw: unknown): CustomizerState {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = {};
    }
  }
  return toState(value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
}

export type CustomizerAction = { type: 'set'; key: keyof CustomizerState; value: string } | { type: 'reset' };

export function reduceCustomizer(state: CustomizerState, action: CustomizerAction): CustomizerState {
  switch (action.type) {
    case 'set':
      return parseCustomizer({ ...state, [action.key]: action.value });
    case 'reset':
      return CUSTOMIZER_DEFAULTS;
  }
}

/** The attributes the server and the island put on <html> for a state. */
export function htmlAttributes(state: CustomizerState): { dir: 'ltr' | 'rtl'; className: string; style: Record<string, string> } {
  return {
    dir: state.layout_type === 'rtl' ? 'rtl' : 'ltr',
    className: [
      state.layout_type === 'box' ? 'box-layout' : '',
      state.layout_version === 'dark-only' ? 'dark-only' : 'light',
      state.sidebar === 'compact' ? 'sidebar-compact' : '',
      state.sidebar_setting,
      state.mix_layout === 'default' ? '' : state.mix_layout,
    ]
      .filter(Boolean)
      .join(' '),
    style: { '--primary': state.primary_color, '--secondary': state.secondary_color },
  };
}
