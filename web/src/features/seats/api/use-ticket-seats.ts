import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelSeat, fetchTicketSeats, joinWaitingList, reserveSeat } from './ticket-seats';
import { workshopsKey } from './programme-workshops';

const seatsKey = (token: string, ticketId: string) => ['seats', 'ticket', token, ticketId] as const;

/** The seats and waiting-list places of one ticket. */
export function useTicketSeats(token: string, ticketId: string) {
  return useQuery({ queryKey: seatsKey(token, ticketId), queryFn: () => fetchTicketSeats(token, ticketId) });
}

export type SeatAction = 'reserve' | 'wait' | 'cancel';

/** Reserves, joins the waiting list, or gives back (a seat or a place in line); then the counts are read again. */
export function useSeatAction(token: string, ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, session }: { action: SeatAction; session: string }) => {
      if (action === 'reserve') await reserveSeat(token, ticketId, session);
      else if (action === 'wait') await joinWaitingList(token, ticketId, session);
      else await cancelSeat(token, ticketId, session);
    },
    // A refusal changes counts too (the seat went to someone else meanwhile): read them again either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seatsKey(token, ticketId) }),
        queryClient.invalidateQueries({ queryKey: workshopsKey }),
      ]),
  });
}
