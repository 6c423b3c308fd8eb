/**
 * What a phone user would trip over on the page as it stands: the page wider than the screen (a
 * sideways swipe), a visible control (button, link, field) whose centre another element lies over,
 * and two controls on top of each other. Measured in the page itself, one evaluate per check.
 */
import type { Page } from 'playwright-core';

export interface LayoutReport {
  /** The document's horizontal extent and the viewport's width. */
  scrollWidth: number;
  viewportWidth: number;
  /** Up to five elements sticking out past the right edge, with their right edge. */
  wide: string[];
  /** "control under covering element" for each control whose centre another element covers. */
  covered: string[];
  /** "control / control" for each pair of visible controls that overlap. */
  overlapping: string[];
}

export const controlSelector = 'button, a[href], input:not([type="hidden"]), select, textarea';

/** Waits until the page's DOM has been still for `quietMs` (data arriving from the mirror, lazy chunks), at most `maxMs`. */
export async function settle(page: Page, quietMs = 300, maxMs = 5000): Promise<void> {
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        let timer = 0;
        let limit = 0;
        const observer = new MutationObserver(() => {
          window.clearTimeout(timer);
          timer = window.setTimeout(done, quietMs);
        });
        const done = () => {
          observer.disconnect();
          window.clearTimeout(timer);
          window.clearTimeout(limit);
          // Two frames: the last change laid out and painted.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        };
        timer = window.setTimeout(done, quietMs);
        limit = window.setTimeout(done, maxMs);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
    { quietMs, maxMs },
  );
}

/** Measures the page as it stands (scrolls it, then back to the top). */
export async function layoutReport(page: Page): Promise<LayoutReport> {
  return page.evaluate((selector) => {
    const describe = (element: Element): string => {
      const tag = element.tagName.toLowerCase();
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        element.getAttribute('name') ??
        '';
      const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${tag}${cls} "${name.replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
    };

    const viewportWidth = window.innerWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > viewportWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${describe(element)} right ${Math.round(element.getBoundingClientRect().right)}`);

    // The parts of an element (a link wrapped over two lines has two) its clipping ancestors
    // (overflow other than visible) leave on screen.
    const shownRects = (element: Element): DOMRect[] => {
      const clips: DOMRect[] = [];
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clips.push(parent.getBoundingClientRect());
      }
      return Array.from(element.getClientRects()).flatMap((rect) => {
        let { left, top, right, bottom } = rect;
        for (const clip of clips) {
          left = Math.max(left, clip.left);
          top = Math.max(top, clip.top);
          right = Math.min(right, clip.right);
          bottom = Math.min(bottom, clip.bottom);
        }
        return right - left > 1 && bottom - top > 1 ? [new DOMRect(left, top, right - left, bottom - top)] : [];
      });
    };

    const controls = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((element) => {
      if (!element.checkVisibility({ opacityProperty: false, visibilityProperty: true })) return false;
      const rect = element.getBoundingClientRect();
      // A visually hidden control (1 px, clipped) is for screen readers, not fingers.
      return rect.width > 2 && rect.height > 2;
    });

    // A bar that stays put (a sticky Save button, the sync bar) lies over the content scrolling
    // under it by design; whether the content can be scrolled out from under it is the covered check's.
    const pinned = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const { position } = getComputedStyle(node);
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    };

    // Overlaps, all measured at the same scroll position (document coordinates).
    const boxes = controls
      .filter((element) => !pinned(element))
      .map((element) => ({
        element,
        rects: shownRects(element).map((rect) => ({ left: rect.left + scrollX, top: rect.top + scrollY, right: rect.right + scrollX, bottom: rect.bottom + scrollY })),
      }));
    const overlapping: string[] = [];
    for (let i = 0; i < boxes.length; i += 1) {
      const a = boxes[i]!;
      for (let j = i + 1; j < boxes.length; j += 1) {
        const b = boxes[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const overlap = a.rects.some((one) =>
          b.rects.some((other) => Math.min(one.right, other.right) - Math.max(one.left, other.left) > 2 && Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top) > 2),
        );
        if (overlap) overlapping.push(`${describe(a.element)} / ${describe(b.element)}`);
      }
    }

    // Covered: each control scrolled into the middle of the screen (and to the end of a sideways
    // scrolling table, clear of its sticky first column), then what lies at its centre.
    const covered: string[] = [];
    const reaches = (element: HTMLElement, top: Element | null) => {
      if (!top) return false;
      if (top === element || element.contains(top)) return true;
      // A field's own label laid over it (a styled checkbox or radio) hands the tap to the field.
      const label = top.closest('label');
      return Boolean(label && (label.control === element || Array.from((element as HTMLInputElement).labels ?? []).includes(label)));
    };
    for (const element of controls) {
      element.scrollIntoView({ block: 'center', inline: 'end', behavior: 'instant' });
      const rects = shownRects(element);
      if (rects.length === 0) continue;
      const points = rects.map((rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }));
      const hits = points.map(({ x, y }) => (x < 0 || y < 0 || x >= viewportWidth || y >= window.innerHeight ? null : document.elementFromPoint(x, y)));
      if (hits.some((top) => reaches(element, top))) continue;
      const { x, y } = points[0]!;
      covered.push(hits[0] ? `${describe(element)} under ${describe(hits[0])}` : `${describe(element)} off screen at ${Math.round(x)},${Math.round(y)}`);
    }
    scroller.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    return { scrollWidth: scroller.scrollWidth, viewportWidth, wide, covered, overlapping };
  }, controlSelector);
}
