/** The signed-in user's id (the token's `uid`), which a notification's sender and audience name. */
import { identityOf } from '../../sync-binding/engine-host';
import { useSessionSnapshot } from '../../session/use-session';

export function useMyUserId(): string | null {
  const { session } = useSessionSnapshot();
  return identityOf(session)?.userId ?? null;
}
