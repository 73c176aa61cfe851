/** E-mail delivery through nodemailer when `SMTP_URL` is set (design brief "mail / SMS"). */
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config.js";

/** An SMTP transport for `config.SMTP_URL`, or null when mail is not configured (outbox only). */
export function createMailTransport(config: Pick<Config, "SMTP_URL">): Transporter | null {
  return config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
}
