// The widths the console must work at (phone, tablet, small laptop, today's desktop baseline, wide), as
// Storybook's viewport presets: the toolbar's viewport switch offers exactly these, a story picks one with
// `globals: { viewport: { value: 'phone' } }`, and the visual suite renders it at that size.
export const CONSOLE_VIEWPORTS = {
  phone: { name: 'Phone (390 px)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  tablet: { name: 'Tablet (768 px)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  laptop: { name: 'Laptop (1024 px)', styles: { width: '1024px', height: '768px' }, type: 'desktop' },
  desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
  wide: { name: 'Wide (1440 px)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
} as const;

export type ConsoleViewport = keyof typeof CONSOLE_VIEWPORTS;

/** A viewport preset's size in pixels, for the visual suite. */
export function viewportSize(name: ConsoleViewport): { width: number; height: number } {
  const { width, height } = CONSOLE_VIEWPORTS[name].styles;
  return { width: Number.parseInt(width, 10), height: Number.parseInt(height, 10) };
}

/** The preset a story's globals name, if it names one of ours. */
export function storyViewport(globals: Record<string, unknown> | undefined): ConsoleViewport | undefined {
  const viewport = globals?.viewport as { value?: string } | string | undefined;
  const value = typeof viewport === 'string' ? viewport : viewport?.value;
  return value && value in CONSOLE_VIEWPORTS ? (value as ConsoleViewport) : undefined;
}
