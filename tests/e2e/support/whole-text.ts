import type { Page } from 'playwright-core';

/**
 * The text of `selector` as shown once every part of it is laid out. innerText leaves out what
 * `content-visibility: auto` has not yet laid out (the landing page's sections off the first
 * screen), which a reader who scrolls does see; those parts are made visible for the read, then
 * put back.
 */
export async function wholeText(page: Page, selector = 'body'): Promise<string> {
  return page.evaluate((target) => {
    const root = document.querySelector<HTMLElement>(target);
    if (!root) throw new Error(`no ${target} on the page`);
    const deferred = [...root.querySelectorAll<HTMLElement>('*')].filter((element) => getComputedStyle(element).contentVisibility === 'auto');
    const before = deferred.map((element) => element.style.contentVisibility);
    for (const element of deferred) element.style.contentVisibility = 'visible';
    const text = root.innerText;
    deferred.forEach((element, index) => {
      element.style.contentVisibility = before[index]!;
    });
    return text;
  }, selector);
}
