CREATE TABLE "order_legs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_legs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"leg_index" smallint NOT NULL,
	"event_id" bigint NOT NULL,
	"sport_id" integer NOT NULL,
	"league_id" integer NOT NULL,
	"play_id" integer NOT NULL,
	"specifiers" text NOT NULL,
	"outcome_id" text NOT NULL,
	"option_id" text NOT NULL,
	"requested_odds_units" integer NOT NULL,
	"odds_units" integer NOT NULL,
	"market_status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"reason" smallint DEFAULT 0 NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_actor" CHECK ("order_status_history"."actor" in ('member', 'system', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text,
	"request_digest" text NOT NULL,
	"currency_id" integer NOT NULL,
	"bet_type" smallint NOT NULL,
	"stake_minor" bigint NOT NULL,
	"total_odds_units" bigint NOT NULL,
	"potential_payout_minor" bigint NOT NULL,
	"accept_odds" smallint NOT NULL,
	"status" smallint NOT NULL,
	"reason" smallint DEFAULT 0 NOT NULL,
	"is_risk_flagged" boolean DEFAULT false NOT NULL,
	"is_live" boolean NOT NULL,
	"odds_config" integer[] NOT NULL,
	"accept_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_stake_positive" CHECK ("orders"."stake_minor" > 0),
	CONSTRAINT "orders_bet_type_known" CHECK ("orders"."bet_type" in (0, 1)),
	CONSTRAINT "orders_accept_odds_known" CHECK ("orders"."accept_odds" between 0 and 2),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_legs_position" ON "order_legs" USING btree ("order_id","leg_index");--> statement-breakpoint
CREATE INDEX "order_legs_event" ON "order_legs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_due" ON "orders" USING btree ("accept_after") WHERE "orders"."status" = 0;