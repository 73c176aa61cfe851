/**
 * Shows its children only to the given roles (spec §6: sellers do not see Categories,
 * Transactions, Sellers; admins do not see Products or Services). Others go to the dashboard.
 * The server enforces the same rules on every call.
 */
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useSession } from "../../../lib/session";
import { BO, type Role } from "../lib/nav";

export function RoleGate({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { details } = useSession();
  if (!details) return null;
  if (!roles.includes(details.accType as Role)) return <Navigate to={BO} replace />;
  return <>{children}</>;
}
