import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallableInput } from '#contracts/callables';
import { callApi } from '../../../lib/api-client.ts';
import { vouchingKeys } from '../keys.ts';

/** A vouch code as the voucher has it: the QR's nonce or the six typed characters. */
export type VouchCodeInput = CallableInput<'previewVouchCode'>;

/**
 * Who a code names, asked once when the voucher has a code (it spends the 'vouchChecks' budget,
 * so it is a mutation: never read again on its own).
 */
export function usePreviewVouchCode() {
  return useMutation({ mutationFn: (input: VouchCodeInput) => callApi('previewVouchCode', input) });
}

/** The voucher confirms: the code is redeemed and the vouch given; their vouches are read again. */
export function useVouchFor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VouchCodeInput) => callApi('vouchFor', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vouchingKeys.all }),
  });
}
