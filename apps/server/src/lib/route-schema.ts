/**
 * Pieces of route schemas shared by the route files: the error answers a guarded route may give
 * (every one the contract's `ErrorAnswer`, design brief "Errors") and the OpenAPI security
 * requirement of routes that need a bearer session.
 */
import { ErrorAnswer } from "@market/contract";

/** 400 (input), 401 (signed out), 403 (role or owner), 404, 409: the answers of a guarded route besides its success. */
export const errorAnswers = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** OpenAPI `security` of a route that needs `Authorization: Bearer <session>`. */
export const bearer = [{ bearer: [] }];
