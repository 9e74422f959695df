import { type CSSVariablesResolver, createTheme, Loader } from '@mantine/core';

/**
 * One theme for the product: a calm teal, rounded corners, system fonts (no web-font download).
 * Shades chosen for WCAG AA contrast (axe, test/e2e/accessibility.test.ts): white on teal.9 is 5.0:1
 * (teal.7, Mantine's usual, is 3.1:1), dimmed text is gray.7 (7.9:1; Mantine's gray.6 is 3.3:1), and
 * error text is red.9 (5.4:1; Mantine's red.6 is 3.3:1).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // (No Modal defaults here: Modal.extend pulls the dialog code into the landing's entry chunk;
    // each <Modal> names its × itself.) A spinner is a status: its aria-label ("Loading …") is announced, and allowed on the element.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors and error borders: Mantine's red.6 is 3.3:1 on white, red.9 5.4:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Text of light buttons and badges on their teal.1 tint: teal.9 would be 4.3:1, this green 6.7:1.
    '--mantine-primary-color-light-color': '#065f46',
    '--mantine-color-teal-light-color': '#065f46',
  },
  dark: {},
});
