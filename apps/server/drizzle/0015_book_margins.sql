CREATE TABLE "book_margins" (
	"sport_id" integer NOT NULL,
	"play_id" integer NOT NULL,
	"margin" integer NOT NULL,
	"operator_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "book_margins_sport_id_play_id_pk" PRIMARY KEY("sport_id","play_id")
);
