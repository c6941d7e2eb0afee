"""Chinese for every label the experiment tables print.

A label missing here fails the Chinese build with its name (see `snippets.lab.label`).
"""

ZH = {
    # modes
    "(omitted)": "（不写）",
    "accepted": "通过",
    "error": "报错",
    "child's tools": "子的工具数",
    # tool surfaces
    "agent": "Agent",
    "count": "数量",
    "tools, in order": "工具（按顺序）",
    "has `task`": "有 `task`",
    "`task` at index": "`task` 的位置",
    "parent": "父",
    "isolated child": "isolated 子",
    "fork child": "fork 子",
    # alignment
    "check": "对照项",
    "same?": "相同？",
    "tools": "工具数",
    "identical leading positions": "开头逐位相同的个数",
    "`task` description (chars)": "`task` 描述（字符）",
    # refusal
    "measured": "测量项",
    "value": "值",
    "refusal": "拒绝语",
    "length (characters)": "长度（字符）",
    "arrives as": "送达形式",
    "refusals for 2 calls": "调 2 次得到的拒绝",
    "all identical": "逐字相同",
    "equals deepagents' source constant": "等于 deepagents 源码里的常量",
    "unknown sub-agent gets the same refusal": "不存在的子 Agent 也得到同一句拒绝",
    "child's model calls (rounds)": "子的模型调用（轮）",
    "child's messages at the end": "子结束时的消息数",
    "grandchild ran": "孙辈跑起来了",
    "refusal seen on the parent's side": "父这边见到拒绝的次数",
    "parent finished normally": "父正常收尾",
    # flag
    "child": "子 Agent",
    "state keys at its first model call": "首次调用模型时 state 里的键",
    "flag": "标记",
    "isolated": "isolated 子",
    "fork": "声明式 fork 子",
    "runnable fork": "runnable 形态的 fork 子",
    # gap
    "fork form": "fork 写法",
    "child's `task` call returned": "子调 `task` 拿回的",
    "refused": "被拒",
    "declarative": "声明式",
    "runnable": "runnable 形态",
    # guidance
    "recipe": "做法",
    "child has `task`": "子有 `task`",
    "child saw the parent's conversation": "子看得到父的对话",
    "isolated (default)": "isolated（默认）",
    "declarative fork": "声明式 fork",
    "runnable fork + own gate": "runnable fork + 自己的闸",
    # diagrams
    "tools on hand": "个工具",
    "grandchild": "孙辈",
    "no task tool": "没有 task 工具",
    "task tool on hand": "手上有 task 工具",
}
