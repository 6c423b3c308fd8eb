/** Small browser effects of the public site: scroll position, scroll lock, document metadata, anchor jumps. */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** True while the page is scrolled more than `threshold` pixels (checked once per frame). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    check();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}

/**
 * Locks page scroll while `locked` (the phone menu overlay). Layout effect, so the lock is gone
 * before the browser follows an anchor that was clicked inside the overlay.
 */
export function useScrollLock(locked: boolean): void {
  useLayoutEffect(() => {
    if (!locked) return undefined;
    const html = document.documentElement;
    const body = document.body;
    const before = { html: html.style.overflow, body: body.style.overflow, padding: body.style.paddingRight };
    const scrollbar = window.innerWidth - html.clientWidth;
    html.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    html.dataset.scrollLocked = 'true';
    return () => {
      html.style.overflow = before.html;
      body.style.overflow = before.body;
      body.style.paddingRight = before.padding;
      delete html.dataset.scrollLocked;
    };
  }, [locked]);
}

/** Title, description and language of the document while the page is shown. */
export function useDocumentMeta(title: string, description: string, language: string): void {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    document.documentElement.lang = language;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previousDescription = meta.content;
    meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description, language]);
}

/** Smooth scrolling to anchors while the page is shown, unless the user asked for less motion. */
export function useSmoothScrolling(): void {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
    const html = document.documentElement;
    const before = html.style.scrollBehavior;
    html.style.scrollBehavior = 'smooth';
    return () => {
      html.style.scrollBehavior = before;
    };
  }, []);
}

/**
 * The landing page lays out its sections only as they near the screen (landing.css). Before the
 * page jumps to an anchor, from the address it was opened with or a link clicked (in the capture
 * phase, so before the browser's own scroll), every section is laid out, so the jump lands on the
 * section's real place.
 */
export function useWholePageBeforeJumps(page: RefObject<HTMLElement | null>, initialHash: string): void {
  useEffect(() => {
    const root = page.current;
    if (!root) return undefined;
    const layOutWholePage = () => {
      root.dataset.wholePage = '';
    };
    if (initialHash) {
      layOutWholePage();
      document.getElementById(initialHash)?.scrollIntoView();
    }
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href^="#"]')) layOutWholePage();
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, [page, initialHash]);
}
