// A bot for every crabrules game, in Node with no packages: a uniformly random legal action.
//
// It speaks the bot protocol (docs/bots.md): one JSON object per line on standard input,
// one answer per turn on standard output.
//
//   crabrules bot-check -- node examples/bots/random_bot.js
"use strict";

const readline = require("node:readline");

// The longest it waits before acting in real-time play, in seconds.
const REACTION = 1.0;

// A small seeded generator (mulberry32), so that the same turn gives the same answer.
function generator(seed) {
  let state = seed % 4294967296 >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The answer to one message from crabrules; null for messages that take none.
function answer(message) {
  if (message.type === "hello") {
    return { type: "hello", protocol: 1, name: "random_bot.js" };
  }
  if (message.type !== "turn") {
    return null; // game and bye take no answer
  }
  const random = generator(message.seed);
  const choice = { type: "act", index: Math.floor(random() * message.legal.length) };
  if (message.can_wait) {
    choice.at = message.now + random() * REACTION; // real time: a reaction time
  }
  return choice;
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "bye") {
    process.exit(0);
  }
  const reply = answer(message);
  if (reply !== null) {
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
});
lines.on("close", () => process.exit(0));
