/**
 * HTTP routes of the accounts area (spec §7): sign-up, 2FA verify, sign-in, sign-out, the current
 * user (GET/PUT /api/me), password recovery and the address helper. Each handler validates, checks
 * who is calling and calls one service function.
 */
import {
  ACCOUNT_MESSAGES,
  AddressAnswer,
  AddressBody,
  MeAnswer,
  MessageAnswer,
  MeUpdateAnswer,
  MeUpdateBody,
  RecoverBody,
  RecoverParams,
  SignInAnswer,
  SignInBody,
  SignUpAnswer,
  SignUpBody,
  VerifyAnswer,
  VerifyBody,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { fieldErrors, invalidInput, tooMany } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { clearSessionCookies, currentUser, requireUser, setSessionCookies } from "../../plugins/auth.js";
import { PICTURE_BODY_LIMIT } from "../../plugins/json-body.js";
import { revokeSession } from "../auth/sessions.js";
import { throttleSource } from "../auth/throttle.js";
import { uploadQuotaOf } from "../uploads/images.js";
import { createNameLookup } from "../wallet/name-lookup.js";
import { changeAddresses } from "./addresses.service.js";
import { changePassword, updateProfile } from "./profile.service.js";
import { resetPassword, sendResetCode } from "./recovery.service.js";
import { type AccountsDeps, signUp, verifyAccount } from "./registration.service.js";
import { signIn, signInLimitKey } from "./session.service.js";
import { loadUserDetails } from "./user-details.js";

/**
 * Per-IP limits (ADR 0005, 0012). Generous on purpose: many Lagos shoppers share one carrier IP, and
 * the sign-in throttle per account and source is what stops password guessing (ADR 0083). Sending
 * codes costs SMS, so those are tighter. Sign-in is counted per address and login (`signin`), so
 * people behind one carrier address do not share one allowance, and per address for every login
 * together (`signinPerAddress`), the ceiling on one address spraying a password over many
 * accounts (ADR 0153).
 */
export const RATE_LIMITS = {
  signin: { max: 60, timeWindow: "1 minute" },
  signinPerAddress: { max: 300, timeWindow: "1 minute" },
  signup: { max: 20, timeWindow: "1 minute" },
  verify: { max: 30, timeWindow: "1 minute" },
  recover: { max: 20, timeWindow: "1 minute" },
} as const;

const secured = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const uploadQuota = uploadQuotaOf(app.config);
  // Links in e-mails come from PUBLIC_URL (required in production), never from a request's Host.
  const storeUrl = (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/+$/, "");
  const deps = (): AccountsDeps => ({
    db: app.db,
    messenger: app.messenger,
    uploads: app.uploads,
    uploadQuota,
    caches: app.cache,
    storeUrl,
  });
  // The payout account's name comes from this provider when one is configured (ADR 0033, 0082).
  const nameLookup = createNameLookup(app.config.PAYSTACK_SECRET_KEY, undefined, app.config.PAYSTACK_API_URL);

  app.post(
    "/signup",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] }, rateLimit: RATE_LIMITS.signup },
      // The profile picture travels in the body as a data URL (spec §3).
      bodyLimit: PICTURE_BODY_LIMIT,
      schema: {
        tags: ["accounts"],
        summary: "Register a customer or a seller; sends a code by e-mail and one by SMS",
        body: SignUpBody,
        response: { 201: SignUpAnswer },
      },
    },
    async (request, reply) => {
      const data = await signUp(deps(), request.body);
      return reply.status(201).send({ statusCode: 201, message: ACCOUNT_MESSAGES.registered, data });
    },
  );

  app.post(
    "/verify",
    {
      config: { cache: { answers: "none", invalidates: ["sessions"] }, rateLimit: RATE_LIMITS.verify },
      schema: {
        tags: ["accounts"],
        summary: "Check the e-mail and phone codes (or resend them with request_type resend)",
        body: VerifyBody,
        response: { 200: VerifyAnswer },
      },
    },
    async (request) => ({ statusCode: 200, ...(await verifyAccount(deps(), request.body)) }),
  );

  // One counter per address for every sign-in (the plugin runs one limit per request: the route's).
  const signInsFromAddress = app.createRateLimit({
    ...RATE_LIMITS.signinPerAddress,
    keyGenerator: (request) => `signin-address:${throttleSource(request.ip)}`,
  });
  app.post(
    "/signin",
    {
      onRequest: async (request) => {
        const count = await signInsFromAddress(request);
        if (!count.isAllowed && count.isExceeded) throw tooMany(ACCOUNT_MESSAGES.throttled, count.ttlInSeconds);
      },
      config: {
        cache: { answers: "none", invalidates: ["sessions"] },
        // After validation, so the key can hold the login.
        rateLimit: { ...RATE_LIMITS.signin, hook: "preHandler", keyGenerator: (request) => signInLimitKey(request.ip, request.body) },
      },
      schema: {
        tags: ["accounts"],
        summary: "Sign in with e-mail or phone and password",
        body: SignInBody,
        response: { 200: SignInAnswer },
      },
    },
    async (request, reply) => {
      const { token, accType } = await signIn({ ...deps(), sessionDays: app.config.SESSION_DAYS }, request.body, request.ip);
      // The browser keeps its session in the HttpOnly cookie (ADR 0127); API clients use the token.
      setSessionCookies(request, reply, token, app.config.SESSION_DAYS);
      return { statusCode: 200, token, accType, message: ACCOUNT_MESSAGES.signedIn };
    },
  );

  app.post(
    "/signout",
    {
      config: { cache: { answers: "none", invalidates: ["sessions"] } },
      preHandler: requireUser,
      schema: { tags: ["accounts"], summary: "End this session (revokes the token)", security: secured, response: { 200: MessageAnswer } },
    },
    async (request, reply) => {
      await revokeSession(app.db, app.cache, currentUser(request).sessionId);
      clearSessionCookies(request, reply);
      return { statusCode: 200, message: ACCOUNT_MESSAGES.signedOut };
    },
  );

  app.get(
    "/me",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: { tags: ["accounts"], summary: "The signed-in user", security: secured, response: { 200: MeAnswer } },
    },
    async (request) => ({ statusCode: 200, data: await loadUserDetails(app.db, currentUser(request).id) }),
  );

  app.put(
    "/me",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireUser,
      // A new profile picture travels in the body as a data URL (spec §3).
      bodyLimit: PICTURE_BODY_LIMIT,
      schema: {
        tags: ["accounts"],
        summary: 'Update the profile, or change the password with request_type "changePass"',
        description:
          'Profile: names, whatsapp, bank_code + account_no + account_name (together or not at all; the name comes from the lookup provider when one is configured, otherwise it is stored unverified for an admin to verify), profile (data URL or own /uploads URL), desc, category_ids (sellers). Password: request_type "changePass", _id, old_password, password, confirm_password.',
        security: secured,
        body: MeUpdateBody,
        response: { 200: z.union([MeUpdateAnswer, MessageAnswer]) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (request.body.request_type === "changePass")
        return { statusCode: 200, ...(await changePassword(deps(), me, request.body, request.ip)) };
      return { statusCode: 200, ...(await updateProfile(deps(), me, request.body, nameLookup)) };
    },
  );

  app.post(
    "/recover/:request_type",
    {
      config: { cache: { answers: "none", invalidates: ["sessions"] }, rateLimit: RATE_LIMITS.recover },
      schema: {
        tags: ["accounts"],
        summary: "Password recovery: send-mail (mails a code) or change-password (code + new password)",
        params: RecoverParams,
        body: RecoverBody,
        response: { 200: MessageAnswer },
      },
    },
    async (request) => {
      const run = request.params.request_type === "send-mail" ? sendResetCode : resetPassword;
      return { statusCode: 200, ...(await run(deps(), request.body)) };
    },
  );

  app.post(
    "/address",
    {
      config: { cache: { answers: "none", invalidates: ["sessions"] } },
      preHandler: requireUser,
      // The form's field messages come back with a plain message (not "first_name: ...").
      attachValidation: true,
      schema: {
        tags: ["accounts"],
        summary: "Address helper: create, update or delete_address (address_id = 0-based position in your list)",
        security: secured,
        body: AddressBody,
        response: { 200: AddressAnswer },
      },
    },
    async (request) => {
      if (request.validationError) throw invalidInput(fieldErrors(request.validationError.validation));
      return { statusCode: 200, ...(await changeAddresses(app.db, currentUser(request).id, request.body)) };
    },
  );
};

export default routes;
