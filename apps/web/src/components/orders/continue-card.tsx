/**
 * "Continue payment" of a card order awaiting payment (ADR 0223): asks the server for Paystack's
 * page of the order (the same reference and total) and goes there; when Paystack says it was paid
 * meanwhile, opens the order page instead. When Paystack took a payment that did not pay the order
 * (arrived too late and refunded, wrong amount, order closed), the server's sentence is said in an
 * alert; a refusal (window over, already paid) is said beside the button.
 */
import { Button, Stack, Text } from "@mantine/core";
import { TEXT } from "@market/contract";
import { useNavigate } from "react-router";
import { errorMessage, notifyInfo } from "../../lib/notify";
import { useContinueCard } from "../../lib/queries/order-payment";

export default function ContinueCardButton({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const go = useContinueCard((d) => {
    if (d.paid) navigate(`/account/orders/${orderId}`);
    else if (d.authorization_url) window.location.assign(d.authorization_url);
    // An alert, not text beside the button: the order is then no longer pending and its notice goes.
    else notifyInfo(d.message, TEXT.alerts.quickNotice);
  });
  const onClick = () => go.mutate(orderId);
  return (
    <Stack gap={4} align="flex-end">
      <Button onClick={onClick} loading={go.isPending} data-testid="continue-card">
        Continue payment
      </Button>
      {go.isError ? (
        <Text fz="sm" c="red.8" role="alert">
          {errorMessage(go.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
