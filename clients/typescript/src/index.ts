export {
  SidecarClient,
  FactRejectedError,
  SidecarClosedError,
  SidecarUnavailableError,
  type Answer,
  type DecisionSource,
  type Fact,
  type SidecarEvents,
} from "./client";
export type { ConnectOptions, Disconnect, StartOptions } from "./transport";
export { checkFact, FactError, FACT_TYPES } from "./validate";
export { factSchema, sidecarSchema } from "./generated/schemas";
export type * from "./generated/protocol";
