/**
 * Bundled into the console in place of antd's color-picker/components/ColorPresets, for antd's
 * button style only (the replacement is in .umirc.ts): the button style needs isBright alone,
 * but importing it from ColorPresets puts the colour picker and Collapse (~9 kB gzip) on every
 * page with a button, the login page included. Same function as antd 5's.
 */
import { Color as RcColor } from '@rc-component/color-picker';

interface AnyColor {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

export const isBright = (value: AnyColor, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // see-through colours: judged against the background (dark mode)
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
