/**
 * What the ky client reports instead of acting on it (docs/architecture.md: a client never shows toasts
 * or redirects by itself). The app subscribes: /maintenance on no response, /login on a refused
 * session.
 */
import { Subject } from 'rxjs';

/** A request got no response at all. Background requests (token renewal, health polls) never navigate. */
export const unreachable$ = new Subject<{ background: boolean }>();

/** An authenticated call was answered 401 "Your session has expired...". */
export const sessionRefused$ = new Subject<void>();
