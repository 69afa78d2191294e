import type { Locator } from '@playwright/test';

/** One element's text and its WCAG contrast ratio against what is drawn behind it. */
export interface TextContrast {
  text: string;
  ratio: number;
  color: string;
  background: string;
}

/**
 * The contrast of each visible element's text, from its computed styles: its colour (faded by
 * every ancestor's opacity) over the backgrounds behind it, each composited on the one below
 * until an opaque one (the page's, at the latest). Rounded down to two decimals, as a checker
 * reports it.
 */
export function textContrasts(elements: Locator): Promise<TextContrast[]> {
  return elements.evaluateAll((nodes) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const probe = document.createElement('canvas').getContext('2d');
      if (probe === null) throw new Error('no canvas');
      // The canvas normalises any CSS colour (color(srgb …), color-mix) to rgba or #hex.
      probe.fillStyle = css;
      const normal = probe.fillStyle;
      if (normal.startsWith('#'))
        return [1, 3, 5].map((at) => parseInt(normal.slice(at, at + 2), 16)).concat(1) as Rgba;
      const parts = /rgba?\(([^)]+)\)/.exec(normal)?.[1]?.split(',').map(Number) ?? [];
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [
      top[0] * top[3] + below[0] * (1 - top[3]),
      top[1] * top[3] + below[1] * (1 - top[3]),
      top[2] * top[3] + below[2] * (1 - top[3]),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((value) => value / 255)
        .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4))
        .reduce((sum, value, index) => sum + value * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0);
    return nodes
      .filter((node) => node.getClientRects().length > 0)
      .map((node) => {
        const layers: Rgba[] = [];
        let opacity = 1;
        for (let at: Element | null = node; at !== null; at = at.parentElement) {
          const style = getComputedStyle(at);
          opacity *= Number(style.opacity);
          const layer = parse(style.backgroundColor);
          if (layer[3] > 0) layers.push(layer);
          if (layer[3] === 1) break;
        }
        const background = layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
        const ink = parse(getComputedStyle(node).color);
        const text = over([ink[0], ink[1], ink[2], ink[3] * opacity], background);
        const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
        const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
        return {
          text: node.textContent ?? '',
          ratio: Math.floor(ratio * 100) / 100,
          color: `rgb(${text.slice(0, 3).map(Math.round).join(',')})`,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(',')})`,
        };
      });
  });
}
