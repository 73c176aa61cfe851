/**
 * Buyer protection on the order pages and Ordered Products (ADR 0193-0196): a line's tracking,
 * ship-by and report-by times, its problem thread (the buyer's report with photos, the seller's
 * answer, the decision), and the actions of whoever acts next: the buyer confirms receipt or
 * reports a problem (reason, comment, up to 3 photos); the seller ships with carrier and tracking,
 * marks delivered, cancels with a reason, accepts or answers a problem. Plain text from the API.
 */
import { Anchor, Button, Group, Image, Paper, Stack, Text } from "@mantine/core";
import {
  type FulfilmentStatus,
  formatNaira,
  imageThumbUrl,
  MAX_PROBLEM_PHOTOS,
  PROBLEM_REASON_LABELS,
  type Problem,
  type ProblemReason,
} from "@market/contract";
import { IconAlertTriangle, IconCheck, IconTruck } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { notifyError, toldAfter } from "../../lib/notify";
import { useCancelLine, useConfirmReceived, useReplyProblem, useReportProblem } from "../../lib/queries/protection";
import { uploadImages } from "../../lib/uploads";
import { LazyModal as Modal } from "../lazy-overlay";
import { when } from "./when";

// The dialogs' fields load on the first opening, with the dialog (ADR 0214).
const loadDialogs = () => import("./protection-dialogs");
const ReportProblemFields = lazy(() => loadDialogs().then((m) => ({ default: m.ReportProblemFields })));
const ShipFields = lazy(() => loadDialogs().then((m) => ({ default: m.ShipFields })));
const Textarea = lazy(() => loadDialogs().then((m) => ({ default: m.Textarea })));

/** A dialog's footer: "Leave" (closes it, nothing sent) and the dialog's action. */
export function LeaveOr({ onLeave, children }: { onLeave: () => void; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onLeave}>
        Leave
      </Button>
      {children}
    </Group>
  );
}

/** What a line shows of its protection: tracking, times, problems. */
type LineInfo = {
  _id: string;
  name: string;
  fulfilment: FulfilmentStatus;
  carrier: string;
  tracking: string;
  ship_by: string | null;
};

/** The carrier and tracking (a link when it is one), and until when to ship. */
export function LineTracking({ line, reportUntil }: { line: LineInfo; reportUntil?: string | null }) {
  const link = /^https?:\/\//i.test(line.tracking) ? line.tracking : null;
  return (
    <>
      {line.carrier || line.tracking ? (
        <Text fz="xs" data-testid="line-tracking">
          {line.carrier ? `${line.carrier}` : "Tracking"}
          {line.tracking ? ": " : ""}
          {link ? (
            <Anchor href={link} target="_blank" rel="noopener noreferrer" fz="xs">
              Track parcel
            </Anchor>
          ) : (
            line.tracking
          )}
        </Text>
      ) : null}
      {line.ship_by ? (
        <Text fz="xs" c="orange.8" data-testid="line-ship-by">
          Ship by {when(line.ship_by)}
        </Text>
      ) : null}
      {reportUntil ? (
        <Text fz="xs" c="dimmed" data-testid="line-report-until">
          Confirm or report a problem by {when(reportUntil)}
        </Text>
      ) : null}
    </>
  );
}

const STATUS_TEXT: Record<Problem["status"], string> = {
  open: "Waiting for the seller",
  answered: "Waiting for the store's decision",
  accepted: "Refund accepted",
  decided: "Decided",
};

/** One problem's thread: the buyer's report and photos, the seller's answer, the decision. */
export function ProblemThread({ problem }: { problem: Problem }) {
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="problem-thread">
      <Stack gap={4}>
        <Group gap={6}>
          <IconAlertTriangle size={14} aria-hidden />
          <Text fz="xs" fw={700}>
            {PROBLEM_REASON_LABELS[problem.reason]}
          </Text>
          <Text fz="xs" c="dimmed">
            {when(problem.createdAt)} · {STATUS_TEXT[problem.status]}
          </Text>
        </Group>
        <Text fz="sm" style={{ wordBreak: "break-word" }}>
          Buyer: {problem.comment}
        </Text>
        {problem.image_urls.length ? (
          <Group gap={6}>
            {problem.image_urls.map((u) => (
              <Anchor key={u} href={u} target="_blank" rel="noopener noreferrer">
                <Image src={imageThumbUrl(u)} alt="Photo of the problem" w={56} h={56} radius="sm" fit="cover" />
              </Anchor>
            ))}
          </Group>
        ) : null}
        {problem.seller_comment ? (
          <Text fz="sm" style={{ wordBreak: "break-word" }} data-testid="problem-seller-answer">
            Seller: {problem.seller_comment}
          </Text>
        ) : problem.reply_by ? (
          <Text fz="xs" c="dimmed">
            The seller answers by {when(problem.reply_by)}; without an answer the refund is accepted.
          </Text>
        ) : null}
        {problem.decided_at ? (
          <Text fz="sm" fw={600} data-testid="problem-decision">
            {problem.refund ? `Refunded ${formatNaira(problem.refund)}` : "Released to the seller"}: {problem.decision_reason}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The buyer's "Confirm receipt" and "Report a problem" for one line of their order. */
export function BuyerLineActions({ orderId, line }: { orderId: string; line: LineInfo }) {
  const receive = useConfirmReceived(orderId);
  const [reporting, setReporting] = useState(false);
  const canReport = line.fulfilment === "shipped" || line.fulfilment === "delivered";
  if (!canReport) return null;
  return (
    <Group gap={6} mt={4}>
      {line.fulfilment === "delivered" && (
        <Button
          size="xs"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={receive.isPending}
          onClick={() => receive.mutate(line._id, toldAfter())}
        >
          Confirm receipt
        </Button>
      )}
      <Button size="xs" variant="light" color="red" onClick={() => setReporting(true)}>
        Report a problem
      </Button>
      <ReportProblemModal orderId={orderId} line={line} opened={reporting} onClose={() => setReporting(false)} />
    </Group>
  );
}

function ReportProblemModal({ orderId, line, opened, onClose }: { orderId: string; line: LineInfo; opened: boolean; onClose: () => void }) {
  const report = useReportProblem(orderId);
  const [reason, setReason] = useState<ProblemReason>("damaged");
  const [comment, setComment] = useState("");
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  const addPhotos = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, MAX_PROBLEM_PHOTOS - photos.length);
    if (!chosen.length) return;
    setUploading(true);
    try {
      const stored = await uploadImages(chosen);
      setPhotos((p) => [...p, ...stored.map((s) => s.url)].slice(0, MAX_PROBLEM_PHOTOS));
    } catch (e) {
      notifyError(e);
    } finally {
      setUploading(false);
    }
  };
  const send = () => report.mutate({ line_id: line._id, reason, comment, image_urls: photos }, toldAfter(onClose));
  return (
    <Modal opened={opened} onClose={onClose} title={`Report a problem: ${line.name}`} centered>
      <Suspense fallback={null}>
        <Stack gap="sm">
          <ReportProblemFields
            reason={reason}
            onReason={setReason}
            comment={comment}
            onComment={setComment}
            photos={photos}
            onRemovePhoto={(u) => setPhotos((p) => p.filter((x) => x !== u))}
            uploading={uploading}
            onAddPhotos={(files) => void addPhotos(files)}
          />
          <LeaveOr onLeave={onClose}>
            <Button color="red" loading={report.isPending || uploading} disabled={!comment.trim()} onClick={send}>
              Send report
            </Button>
          </LeaveOr>
        </Stack>
      </Suspense>
    </Modal>
  );
}

/**
 * The seller's moves on one line: ship (carrier, tracking), mark delivered, cancel (reason), or
 * answer its open problem (accept the refund, or give their side for the store to decide). A line
 * paid on delivery (`codeAtDoor`) is delivered with the buyer's code instead (ADR 0221).
 */
export function SellerLineActions({
  line,
  problem,
  onMove,
  busy,
  codeAtDoor = false,
}: {
  line: LineInfo;
  codeAtDoor?: boolean;
  problem: Problem | null;
  onMove: (body: { line_id: string; fulfilment: "shipped" | "delivered"; carrier?: string; tracking?: string }, done?: () => void) => void;
  busy: boolean;
}) {
  const [dialog, setDialog] = useState<"ship" | "cancel" | "answer" | null>(null);
  const close = () => setDialog(null);
  return (
    <Group gap={6} wrap="wrap">
      {line.fulfilment === "unfulfilled" && (
        <>
          <Button size="xs" leftSection={<IconTruck size={14} aria-hidden />} loading={busy} onClick={() => setDialog("ship")}>
            Ship
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => setDialog("cancel")}>
            Cancel
          </Button>
        </>
      )}
      {line.fulfilment === "shipped" && !codeAtDoor && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={busy}
          onClick={() => onMove({ line_id: line._id, fulfilment: "delivered" })}
        >
          Mark delivered
        </Button>
      )}
      {problem?.status === "open" && (
        <Button size="xs" color="red" variant="light" onClick={() => setDialog("answer")}>
          Answer problem
        </Button>
      )}
      <ShipModal line={line} opened={dialog === "ship"} onClose={close} onMove={onMove} busy={busy} />
      <CancelModal line={line} opened={dialog === "cancel"} onClose={close} />
      {problem && <AnswerModal problem={problem} opened={dialog === "answer"} onClose={close} />}
    </Group>
  );
}

function ShipModal({
  line,
  opened,
  onClose,
  onMove,
  busy,
}: {
  line: LineInfo;
  opened: boolean;
  onClose: () => void;
  onMove: (body: { line_id: string; fulfilment: "shipped"; carrier?: string; tracking?: string }, done?: () => void) => void;
  busy: boolean;
}) {
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  return (
    <Modal opened={opened} onClose={onClose} title={`Ship ${line.name}`} centered>
      <Suspense fallback={null}>
        <Stack gap="sm">
          <ShipFields carrier={carrier} onCarrier={setCarrier} tracking={tracking} onTracking={setTracking} />
          <LeaveOr onLeave={onClose}>
            <Button
              loading={busy}
              onClick={() =>
                onMove(
                  {
                    line_id: line._id,
                    fulfilment: "shipped",
                    ...(carrier.trim() ? { carrier } : {}),
                    ...(tracking.trim() ? { tracking } : {}),
                  },
                  onClose,
                )
              }
            >
              Mark shipped
            </Button>
          </LeaveOr>
        </Stack>
      </Suspense>
    </Modal>
  );
}

function CancelModal({ line, opened, onClose }: { line: LineInfo; opened: boolean; onClose: () => void }) {
  const cancel = useCancelLine();
  const [reason, setReason] = useState("");
  return (
    <Modal opened={opened} onClose={onClose} title={`Cancel ${line.name}`} centered>
      <Suspense fallback={null}>
        <Stack gap="sm">
          <Text fz="sm">The buyer gets the item and its shipping back in full; a cancellation counts against your shop.</Text>
          <Textarea label="Reason" minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <LeaveOr onLeave={onClose}>
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ lineId: line._id, body: { reason } }, toldAfter(onClose))}
            >
              Cancel and refund
            </Button>
          </LeaveOr>
        </Stack>
      </Suspense>
    </Modal>
  );
}

function AnswerModal({ problem, opened, onClose }: { problem: Problem; opened: boolean; onClose: () => void }) {
  const reply = useReplyProblem();
  const [comment, setComment] = useState("");
  const send = (body: { accept: true } | { comment: string }) => reply.mutate({ id: problem._id, body }, toldAfter(onClose));
  return (
    <Modal opened={opened} onClose={onClose} title="Answer the buyer's problem" centered>
      <Suspense fallback={null}>
        <Stack gap="sm">
          <ProblemThread problem={problem} />
          <Button color="orange" variant="light" loading={reply.isPending} onClick={() => send({ accept: true })}>
            Accept: refund the buyer in full
          </Button>
          <Textarea
            label="Or give your side"
            description="The store reads both sides and decides."
            minRows={3}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <LeaveOr onLeave={onClose}>
            <Button disabled={!comment.trim()} loading={reply.isPending} onClick={() => send({ comment })}>
              Send answer
            </Button>
          </LeaveOr>
        </Stack>
      </Suspense>
    </Modal>
  );
}
