/**
 * A chat model that replays a script: deepagents examples that run offline.
 *
 * Download this file next to an example and run the example with `node`:
 * only `npm install deepagents` (and its peers) is needed, no API key, no
 * network. Each agent gets its own ScriptedModel, whose `script` is that
 * agent's side of the conversation, one reply per model call. To run an
 * example for real, pass a chat model (or a name such as
 * "provider:model-name") as `model` instead.
 */
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";

/** Replies with `script[0]` on its first call, `script[1]` on its second... */
export class ScriptedModel extends BaseChatModel {
  /** @param {{script: AIMessage[], name?: string}} fields */
  constructor({ script, name = "agent" }) {
    super({});
    this.script = script;
    this.name = name; // names the agent when its script runs out
    this.seen = []; // the messages of each call so far: what the agent saw
  }

  _llmType() {
    return "scripted";
  }

  bindTools(_tools, kwargs = {}) {
    return this.withConfig(kwargs); // the script decides which tools are called
  }

  async _generate(messages) {
    if (this.seen.length === this.script.length) {
      throw new Error(
        `the script of '${this.name}' has ${this.script.length} replies; ` +
          "the agent asked for one more",
      );
    }
    this.seen.push([...messages]);
    const message = this.script[this.seen.length - 1];
    return { generations: [{ text: message.text, message }] };
  }
}

/** A final answer: no tool call, so the agent's loop ends. */
export function say(text) {
  return new AIMessage({ content: text });
}

/** A reply that calls the `task` tool: hand `task` to the sub-agent `subagent`. */
export function delegate(subagent, task, callId = "call") {
  const args = { description: task, subagent_type: subagent };
  return call("task", callId, args);
}

/** A reply that calls any other tool. */
export function call(tool, callId = "call", args = {}) {
  const toolCall = { name: tool, args, id: callId, type: "tool_call" };
  return new AIMessage({ content: "", tool_calls: [toolCall] });
}
