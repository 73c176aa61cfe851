/**
 * Multiple images for a product or service (spec §2, §5): a Mantine Dropzone accepting only image
 * types (anything else: "File Error" / "File type not supported"), each file uploaded at once to
 * POST /api/uploads (checked and re-encoded by the server), then shown as thumbnails the seller can
 * reorder or remove. The first image is the main one.
 */
import "@mantine/dropzone/styles.layer.css";
import { ActionIcon, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { imageThumbUrl, MAX_IMAGES_PER_ITEM, UPLOAD_MAX_BYTES } from "@market/contract";
import { IconArrowLeft, IconArrowRight, IconPhoto, IconStar, IconUpload, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { notifyError } from "../../../lib/notify";
import { uploadImages } from "../../../lib/uploads";
import { alertFileSize, alertFileType, isImageFile } from "./file-check";

type Props = {
  value: string[];
  onChange: (urls: string[]) => void;
  /** Tells the form an upload is running (its submit button waits). */
  onBusyChange?: (busy: boolean) => void;
  label?: string;
  error?: string;
};

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function ImageUploader({ value, onChange, onBusyChange, label = "Images", error }: Props) {
  const [uploading, setUploading] = useState(false);
  const room = MAX_IMAGES_PER_ITEM - value.length;

  const onDrop = async (files: File[]) => {
    const images = files.filter(isImageFile);
    if (images.length < files.length) alertFileType();
    if (!images.length) return;
    if (images.length > room) {
      notifyError(new Error(`You can add ${room} more image${room === 1 ? "" : "s"} (at most ${MAX_IMAGES_PER_ITEM}).`));
      return;
    }
    setUploading(true);
    onBusyChange?.(true);
    try {
      const stored = await uploadImages(images);
      onChange([...value, ...stored.map((s) => s.url)]);
    } catch (err) {
      notifyError(err);
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  };

  const onReject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    if (codes.includes("file-invalid-type")) alertFileType();
    else if (codes.includes("file-too-large")) alertFileSize();
    else notifyError(new Error(`At most ${MAX_IMAGES_PER_ITEM} images`));
  };

  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        {label}
      </Text>
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={["image/*"]}
        maxSize={UPLOAD_MAX_BYTES}
        maxFiles={Math.max(room, 1)}
        multiple
        loading={uploading}
        disabled={room <= 0}
        aria-label="Add images"
        data-testid="image-dropzone"
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: "none" }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} color="var(--mantine-color-naija-7)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text fz="sm" fw={500}>
              {room > 0 ? "Drag images here or tap to choose" : `You have ${MAX_IMAGES_PER_ITEM} images (the maximum)`}
            </Text>
            <Text fz="xs" c="dimmed">
              Up to {MAX_IMAGES_PER_ITEM} images, {UPLOAD_MAX_BYTES / 1024 / 1024} MB each. The first one is the main image.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {error ? (
        <Text c="red" fz="xs">
          {error}
        </Text>
      ) : null}
      {value.length ? (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" data-testid="image-list">
          {value.map((url, i) => (
            <Card key={url} withBorder padding={4} radius="md" data-testid="image-item">
              <Card.Section pos="relative">
                <Image src={imageThumbUrl(url)} alt={`Image ${i + 1}`} h={110} fit="cover" />
                {i === 0 ? (
                  <Badge pos="absolute" top={6} left={6} size="sm" leftSection={<IconStar size={10} />}>
                    Main
                  </Badge>
                ) : null}
              </Card.Section>
              <Group justify="space-between" mt={4} gap={2} wrap="nowrap">
                <Tooltip label="Move left">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={i === 0}
                    onClick={() => onChange(move(value, i, i - 1))}
                    aria-label={`Move image ${i + 1} left`}
                  >
                    <IconArrowLeft size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Make main image">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={i === 0}
                    onClick={() => onChange(move(value, i, 0))}
                    aria-label={`Make image ${i + 1} the main image`}
                  >
                    <IconStar size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Move right">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={i === value.length - 1}
                    onClick={() => onChange(move(value, i, i + 1))}
                    aria-label={`Move image ${i + 1} right`}
                  >
                    <IconArrowRight size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    onClick={() => onChange(value.filter((_, j) => j !== i))}
                    aria-label={`Remove image ${i + 1}`}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
