CREATE TABLE "trading_holds" (
	"event_id" bigint NOT NULL,
	"play_id" integer NOT NULL,
	"specifiers" text NOT NULL,
	"reason" text NOT NULL,
	"operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_holds_event_id_play_id_specifiers_pk" PRIMARY KEY("event_id","play_id","specifiers")
);
