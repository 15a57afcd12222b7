// The crabweb page's options form (loaded before app.js, which calls fillOptions and
// readOptions): a game's options, built from its Config's JSON Schema.
"use strict";

// --- The game's options, a form built from its Config's JSON Schema ---------------------
// Fields that change with the player count follow the "Players" choice; the others are
// inputs: a box per boolean, a number, a text (a list: comma-separated), a box per name
// of a set of names (Oh Crab!'s modules and variants), a choice among the values the
// schema lists as a field's examples (Oh Crab!'s scenarios; "none" where null is allowed;
// La Marche's beaches, objects, by their names). Each option reads as the schema's title,
// its description as the tooltip: words, never a field's name or a document.

function optionFields() {
  const game = currentGame();
  const defaults = Object.values(game.configs);
  const props = game.config_schema.properties;
  return Object.keys(props).filter((name) => name !== "format_version" && editable(props[name]) &&
    defaults.every((c) => JSON.stringify(c[name]) === JSON.stringify(defaults[0][name])));
}

// The array a field holds (its non-null choice), or null.
function arrayOf(prop) {
  const found = prop.anyOf ? prop.anyOf.find((p) => p.type === "array") : prop;
  return found && found.type === "array" ? found : null;
}

// What the form offers in words: a box, a number, a text, a list of words or numbers, a
// choice. Others (a board's layout as coordinates) keep the game's default.
function editable(prop) {
  if (prop.examples) return true;
  if (["boolean", "integer", "string"].includes(kindOf(prop).type)) return true;
  const array = arrayOf(prop);
  return Boolean(array && array.items &&
    (array.items.enum || ["string", "integer"].includes(array.items.type)));
}

// A field's JSON type, and whether it may be null (an empty input then).
function kindOf(prop) {
  const kinds = prop.anyOf ? prop.anyOf.map((p) => p.type) : [prop.type];
  return { type: kinds.find((k) => k !== "null"), nullable: kinds.includes("null") };
}

// A name as words: "crystal-ball" reads "crystal ball" (the value sent stays the name).
function spaced(text) {
  return String(text).replaceAll("-", " ").replaceAll("_", " ");
}

function fillOptions() {
  const game = currentGame();
  const config = game.configs[$("players").value];
  const props = game.config_schema.properties;
  const box = $("options");
  box.innerHTML = "";
  for (const name of optionFields()) {
    const prop = props[name];
    const kind = kindOf(prop);
    const value = config[name];
    const label = document.createElement("label");
    label.className = "option";
    label.title = prop.description || "";
    label.dataset.field = name;
    const title = document.createElement("span");
    title.textContent = prop.title || name.replaceAll("_", " ");
    label.appendChild(title);
    const names = prop.items && prop.items.enum;
    const objects = (prop.examples || []).filter((e) => typeof e === "object" && e !== null);
    if (prop.type === "array" && names) {
      for (const item of names) {
        const check = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.dataset.option = name;
        box.value = item;
        box.checked = (value || []).includes(item);
        check.append(box, ` ${spaced(item)}`);
        label.appendChild(check);
      }
    } else if (objects.length && objects.length === prop.examples.length) {
      // A choice among whole values (a beach): each by its name, chosen by its place.
      const select = document.createElement("select");
      select.dataset.option = name;
      select.dataset.examples = "objects";
      prop.examples.forEach((example, index) => {
        const option = document.createElement("option");
        option.value = String(index);
        option.textContent = example.name || example.title || `choice ${index + 1}`;
        select.appendChild(option);
      });
      const chosen = prop.examples.findIndex((e) => JSON.stringify(e) === JSON.stringify(value));
      select.value = String(Math.max(chosen, 0));
      label.appendChild(select);
    } else if (prop.examples && prop.examples.includes(value)) {
      const select = document.createElement("select");
      select.dataset.option = name;
      const choices = kind.nullable ? [...prop.examples, null] : prop.examples;
      for (const choice of choices) {
        const option = document.createElement("option");
        option.value = choice === null ? "" : choice;
        option.textContent = choice === null ? "none" : spaced(choice);
        select.appendChild(option);
      }
      select.value = value;
      label.appendChild(select);
    } else {
      const input = document.createElement("input");
      input.dataset.option = name;
      if (kind.type === "boolean") {
        input.type = "checkbox";
        input.checked = Boolean(value);
      } else if (kind.type === "integer") {
        input.type = "number";
        input.value = value === null || value === undefined ? "" : value;
      } else {
        input.type = "text";
        input.value = Array.isArray(value) ? value.join(", ")
          : value === null || value === undefined ? "" : String(value);
      }
      label.appendChild(input);
    }
    box.appendChild(label);
  }
}

function readOptions() {
  const game = currentGame();
  const config = structuredClone(game.configs[$("players").value]);
  const props = game.config_schema.properties;
  for (const name of optionFields()) {
    const prop = props[name];
    const kind = kindOf(prop);
    const inputs = Array.from($("options").querySelectorAll(`[data-option="${name}"]`));
    const text = inputs[0].value;
    if (inputs[0].dataset.examples === "objects") {
      config[name] = structuredClone(prop.examples[Number(text)]);
    } else if (kind.type === "array" && prop.items && prop.items.enum) {
      config[name] = inputs.filter((i) => i.checked).map((i) => i.value);
    } else if (kind.type === "boolean") {
      config[name] = inputs[0].checked;
    } else if (text === "" && kind.nullable) {
      config[name] = null;
    } else if (kind.type === "integer") {
      config[name] = Number(text);
    } else if (kind.type === "array") {
      const words = text.split(",").map((s) => s.trim()).filter((s) => s);
      config[name] = arrayOf(prop).items.type === "integer" ? words.map(Number) : words;
    } else {
      config[name] = text;
    }
  }
  return config;
}
