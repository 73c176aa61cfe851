/**
 * Search synonyms (admin; ADR 0206): groups of words or short phrases that find the same items,
 * both ways ("fridge", "refrigerator"). A change applies to the next search, with no reindexing.
 * Terms are typed comma-separated.
 */
import { Button, Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import type { SynonymGroup } from "@market/contract";
import { type FormEvent, useState } from "react";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSaveSynonyms, useSynonyms } from "../api/synonyms";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

const termsOf = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

function GroupRow({ group }: { group: SynonymGroup }) {
  const save = useSaveSynonyms();
  const [text, setText] = useState(group.terms.join(", "));
  const changed = text !== group.terms.join(", ");
  const run = (terms?: string[]) =>
    save.mutate({ id: group._id, terms }, { onSuccess: (res) => notifySuccess(res.message), onError: (err) => notifyError(err) });
  return (
    <Table.Tr data-testid="synonym-row">
      <Table.Td>
        {/* The buttons go under the terms on a phone. */}
        <Group gap={6} wrap="wrap">
          <TextInput
            aria-label={`Terms of ${group.terms[0]}`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: "1 1 14rem" }}
          />
          <Group gap={6} wrap="nowrap">
            <Button size="xs" variant="light" disabled={!changed} loading={save.isPending} onClick={() => run(termsOf(text))}>
              Save
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => run()} aria-label={`Delete ${group.terms.join(", ")}`}>
              Delete
            </Button>
          </Group>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Synonyms() {
  const q = useSynonyms();
  const save = useSaveSynonyms();
  const [text, setText] = useState("");
  const add = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { terms: termsOf(text) },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setText("");
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <>
      <PageHeader title="Search synonyms" subtitle="Words that find the same items, both ways: a shopper typing one finds the others." />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" component="form" onSubmit={add}>
          <Group align="flex-end">
            <TextInput
              label="New group"
              description="Two or more words or short phrases, comma-separated (e.g. fridge, refrigerator)"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={save.isPending}>
              Add group
            </Button>
          </Group>
        </Paper>
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : (
          <Paper withBorder radius="md" p="md">
            <Text fz="sm" c="dimmed" mb="xs">
              {q.data.data.length} groups
            </Text>
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {q.data.data.map((g) => (
                  <GroupRow key={`${g._id}:${g.terms.join(",")}`} group={g} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
    </>
  );
}

export default function SynonymsPage() {
  return (
    <RoleGate roles={["admin"]}>
      <Synonyms />
    </RoleGate>
  );
}
