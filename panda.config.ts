import { defineConfig } from '@pandacss/dev';

/**
 * A dense, calm theme in light and dark. Colours are semantic tokens (`fg`, `bg.surface`, `accent`...)
 * so components never name a raw colour and both themes stay in one place.
 */
export default defineConfig({
  preflight: true,
  include: ['./src/client/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: {
    extend: {
      dark: '[data-theme=dark] &',
      light: '[data-theme=light] &',
    },
  },
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg',
      fontFamily: 'body',
      fontSize: 'sm',
      lineHeight: '1.4',
      colorScheme: 'light dark',
    },
    ':focus-visible': { outline: '2px solid token(colors.focus)', outlineOffset: '1px' },
    '.sr-only': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      padding: 0,
      margin: '-1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
      border: 0,
    },
  },
  theme: {
    extend: {
      keyframes: {
        splash: { '0%': { transform: 'translateX(-100%)' }, '100%': { transform: 'translateX(250%)' } },
      },
      tokens: {
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
          mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
        },
        fontSizes: {
          xs: { value: '0.75rem' },
          sm: { value: '0.8125rem' },
          md: { value: '0.875rem' },
          lg: { value: '1rem' },
          xl: { value: '1.25rem' },
        },
        radii: { sm: { value: '3px' }, md: { value: '5px' }, lg: { value: '8px' } },
        sizes: { row: { value: '30px' }, topbar: { value: '44px' }, sidenav: { value: '224px' } },
      },
      semanticTokens: {
        colors: {
          fg: { value: { base: '#1c2430', _dark: '#e4e8ee' } },
          'fg.muted': { value: { base: '#4f5b6b', _dark: '#a4afbd' } },
          'fg.subtle': { value: { base: '#525d6b', _dark: '#9ba6b4' } },
          'fg.onAccent': { value: { base: '#ffffff', _dark: '#0b1220' } },
          'bg.canvas': { value: { base: '#f4f6f9', _dark: '#11161d' } },
          'bg.surface': { value: { base: '#ffffff', _dark: '#18202a' } },
          'bg.subtle': { value: { base: '#eef1f5', _dark: '#1f2935' } },
          'bg.hover': { value: { base: '#e6ebf2', _dark: '#253141' } },
          'bg.selected': { value: { base: '#dce8fb', _dark: '#1f3a5f' } },
          border: { value: { base: '#d5dbe3', _dark: '#2c3847' } },
          'border.strong': { value: { base: '#a9b4c2', _dark: '#475569' } },
          accent: { value: { base: '#1f5fbf', _dark: '#7fb0ff' } },
          'accent.hover': { value: { base: '#184d9c', _dark: '#a5c8ff' } },
          focus: { value: { base: '#1f5fbf', _dark: '#9cc3ff' } },
          danger: { value: { base: '#b42318', _dark: '#ff8a80' } },
          'danger.bg': { value: { base: '#fde8e6', _dark: '#3b1b1a' } },
          warning: { value: { base: '#8a5a00', _dark: '#ffc86b' } },
          'warning.bg': { value: { base: '#fff4dc', _dark: '#3a2e12' } },
          success: { value: { base: '#1d6b38', _dark: '#7ddc9b' } },
          'success.bg': { value: { base: '#e5f5ea', _dark: '#163323' } },
          overlay: { value: { base: 'rgba(16, 24, 40, 0.35)', _dark: 'rgba(0, 0, 0, 0.55)' } },
        },
        shadows: {
          popover: { value: { base: '0 6px 24px rgba(16,24,40,0.16)', _dark: '0 6px 24px rgba(0,0,0,0.5)' } },
        },
      },
      recipes: {
        button: {
          className: 'button',
          base: {
            display: 'inline-flex',
            alignItems: 'center',
            gap: '1.5',
            h: '28px',
            px: '3',
            borderRadius: 'md',
            borderWidth: '1px',
            fontSize: 'sm',
            fontWeight: '500',
            cursor: 'pointer',
            whiteSpace: 'nowrap',
            _disabled: { opacity: 0.55, cursor: 'not-allowed' },
          },
          variants: {
            variant: {
              primary: { bg: 'accent', color: 'fg.onAccent', borderColor: 'accent', _hover: { _enabled: { bg: 'accent.hover' } } },
              secondary: { bg: 'bg.surface', color: 'fg', borderColor: 'border.strong', _hover: { _enabled: { bg: 'bg.hover' } } },
              ghost: { bg: 'transparent', color: 'fg', borderColor: 'transparent', _hover: { _enabled: { bg: 'bg.hover' } } },
              danger: { bg: 'danger', color: 'fg.onAccent', borderColor: 'danger' },
            },
            size: { sm: { h: '24px', px: '2', fontSize: 'xs' }, md: {} },
          },
          defaultVariants: { variant: 'secondary', size: 'md' },
        },
        input: {
          className: 'input',
          base: {
            h: '28px',
            px: '2',
            w: '100%',
            borderRadius: 'md',
            borderWidth: '1px',
            borderColor: 'border.strong',
            bg: 'bg.surface',
            color: 'fg',
            fontSize: 'sm',
            _invalid: { borderColor: 'danger' },
            _disabled: { bg: 'bg.subtle', color: 'fg.muted' },
            _readOnly: { bg: 'bg.subtle' },
          },
        },
      },
    },
  },
});
