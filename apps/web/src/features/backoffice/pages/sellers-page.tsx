/**
 * View Sellers (admin; spec §2, §4, §6): business accounts with Approve, the payout bank account
 * and its verification (ADR 0082), Block/Unblock and blue tick.
 */
import { AccountsTable } from "../components/accounts-table";
import { PageHeader } from "../components/page-header";
import { RoleGate } from "../components/role-gate";

export default function SellersPage() {
  return (
    <RoleGate roles={["admin"]}>
      <PageHeader
        title="View Sellers"
        subtitle="Approve new sellers, verify their payout bank accounts, block or unblock accounts, and give the verified blue tick."
      />
      <AccountsTable accountType="business" />
    </RoleGate>
  );
}
