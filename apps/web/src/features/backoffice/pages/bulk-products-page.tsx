/**
 * Bulk upload (ADR 0216): the seller downloads their catalog as CSV, edits it, and uploads it. The
 * upload is first a dry run: a table of every row with what it will do and its errors (row and
 * column); then "Import" writes it all, or, when some rows have errors, "Import, skipping N rows"
 * (the seller's confirmation) writes the rest. Reached from Products in the back-office menu.
 */
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { type CatalogImportAnswer, CSV_MAX_BYTES, TEXT } from "@market/contract";
import { useState } from "react";
import { api, apiBlob } from "../../../lib/api";
import { errorMessage, notifySuccess } from "../../../lib/notify";
import { PageHeader } from "../components/page-header";
import { RoleGate } from "../components/role-gate";

type Rows = CatalogImportAnswer["data"]["rows"];

function BulkView() {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<Rows | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bad = rows?.filter((r) => r.errors.length).length ?? 0;

  const run = async (query: string) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const csv = new Blob([await file.text()], { type: "text/csv" });
      const res = await api<CatalogImportAnswer>(`/api/product/import${query}`, { method: "POST", body: csv });
      setRows(res.data.rows);
      if (!query.includes("dry_run")) {
        notifySuccess(res.message);
        setFile(null);
        setRows(null);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const blob = await apiBlob("/api/product/export.csv");
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "catalog.csv";
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <>
      <PageHeader title="Bulk Upload" subtitle="Download your catalog as CSV, edit it, and upload it back (up to 1,000 products, 5 MB)." />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} maw={900}>
        <Stack gap="md">
          <Group>
            <Button variant="default" onClick={() => void download()}>
              Download catalog (CSV)
            </Button>
          </Group>
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              setRows(null);
              setError(f && f.size > CSV_MAX_BYTES ? "The file is over 5 MB" : null);
            }}
            clearable
          />
          <Group>
            <Button onClick={() => void run("?dry_run=true")} loading={busy} disabled={!file || (file?.size ?? 0) > CSV_MAX_BYTES}>
              Check the file
            </Button>
            {rows && !bad ? (
              <Button color="green" onClick={() => void run("")} loading={busy}>
                Import
              </Button>
            ) : null}
            {rows && bad && bad < rows.length ? (
              <Button color="orange" onClick={() => void run("?skip_invalid=true")} loading={busy}>
                Import, skipping {bad} {bad === 1 ? "row" : "rows"} with errors
              </Button>
            ) : null}
          </Group>
          {error ? (
            <Alert color="red" title={TEXT.alerts.errorTitle}>
              {error}
            </Alert>
          ) : null}
          {rows ? (
            <Table.ScrollContainer minWidth={360}>
              <Table striped data-testid="import-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Errors</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>
                        <Badge color={r.errors.length ? "red" : r.action === "create" ? "green" : "blue"} variant="light">
                          {r.errors.length ? "error" : r.action}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {r.errors.map((e) => (
                          <Text key={`${e.column}:${e.message}`} fz="sm">
                            {e.column}: {e.message}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </Stack>
      </Paper>
    </>
  );
}

export default function BulkProductsPage() {
  return (
    <RoleGate roles={["business"]}>
      <BulkView />
    </RoleGate>
  );
}
