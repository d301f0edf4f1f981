import type { EnvelopeEvent } from '@sb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onAppSocketEvent, onAppSocketReconnect } from '../../../lib/app-socket';
import { promotionsRootKey } from '../api/promotion-calls';

/**
 * Reads the campaigns again when a campaign starts, pauses, resumes or ends (the `envelope`
 * push carries only its id and status; the list says what it means for this member), and after
 * the account socket reconnects, since pushes of the outage were lost. `onPush` hears each push.
 */
export function useEnvelopePush(onPush?: (event: EnvelopeEvent) => void): void {
  const queryClient = useQueryClient();
  const heard = useRef(onPush);
  heard.current = onPush;
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: promotionsRootKey });
    const stopPushes = onAppSocketEvent('envelope', (event) => {
      refresh();
      heard.current?.(event);
    });
    const stopReconnects = onAppSocketReconnect(refresh);
    return () => {
      stopPushes();
      stopReconnects();
    };
  }, [queryClient]);
}
