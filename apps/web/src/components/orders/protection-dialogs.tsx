/**
 * The input fields of the buyer-protection dialogs (Report a problem, Ship, Cancel, Answer), loaded
 * when a dialog first opens (ADR 0214): Mantine's NativeSelect, Textarea and TextInput are not needed
 * to draw an order page. The dialogs themselves, with their state and their requests, stay in
 * protection.tsx, so what was typed survives closing and opening again.
 */
import { Button, Group, Image, NativeSelect, Text, Textarea, TextInput } from "@mantine/core";
import { imageThumbUrl, MAX_PROBLEM_PHOTOS, PROBLEM_REASON_LABELS, PROBLEM_REASONS, type ProblemReason } from "@market/contract";
import { IconX } from "@tabler/icons-react";

/** Mantine's Textarea, for the Cancel and Answer dialogs. */
export { Textarea };

/** Report a problem: the reason, the buyer's words and up to MAX_PROBLEM_PHOTOS photos. */
export function ReportProblemFields({
  reason,
  onReason,
  comment,
  onComment,
  photos,
  onRemovePhoto,
  uploading,
  onAddPhotos,
}: {
  reason: ProblemReason;
  onReason: (r: ProblemReason) => void;
  comment: string;
  onComment: (c: string) => void;
  photos: string[];
  onRemovePhoto: (url: string) => void;
  uploading: boolean;
  onAddPhotos: (files: FileList | null) => void;
}) {
  return (
    <>
      <NativeSelect
        label="What is wrong?"
        data={PROBLEM_REASONS.map((r) => ({ value: r, label: PROBLEM_REASON_LABELS[r] }))}
        value={reason}
        onChange={(e) => onReason(e.currentTarget.value as ProblemReason)}
      />
      <Textarea
        label="Tell us more"
        description="The seller and the store read it."
        minRows={3}
        value={comment}
        onChange={(e) => onComment(e.currentTarget.value)}
      />
      <div>
        <Text fz="sm" fw={500}>
          Photos (up to {MAX_PROBLEM_PHOTOS})
        </Text>
        <Group gap={6} mt={4}>
          {photos.map((u) => (
            <Group key={u} gap={0} pos="relative">
              <Image src={imageThumbUrl(u)} alt="Your photo" w={56} h={56} radius="sm" fit="cover" />
              <Button size="compact-xs" variant="subtle" aria-label="Remove photo" onClick={() => onRemovePhoto(u)}>
                <IconX size={12} />
              </Button>
            </Group>
          ))}
        </Group>
        {photos.length < MAX_PROBLEM_PHOTOS && (
          <input
            type="file"
            accept="image/*"
            multiple
            aria-label="Add photos"
            data-testid="problem-photos"
            disabled={uploading}
            onChange={(e) => {
              onAddPhotos(e.currentTarget.files);
              e.currentTarget.value = "";
            }}
            style={{ marginTop: 6, maxWidth: "100%" }}
          />
        )}
      </div>
    </>
  );
}

/** Ship: the carrier and the tracking number or link. */
export function ShipFields({
  carrier,
  onCarrier,
  tracking,
  onTracking,
}: {
  carrier: string;
  onCarrier: (v: string) => void;
  tracking: string;
  onTracking: (v: string) => void;
}) {
  return (
    <>
      <TextInput
        label="Carrier"
        placeholder="GIG Logistics, DHL, own rider…"
        value={carrier}
        onChange={(e) => onCarrier(e.currentTarget.value)}
      />
      <TextInput
        label="Tracking number or link"
        description="Optional: the buyer sees it on their order."
        value={tracking}
        onChange={(e) => onTracking(e.currentTarget.value)}
      />
    </>
  );
}
