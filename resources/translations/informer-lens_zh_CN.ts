<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>lens</name>
    <message>
        <source>No window to grab.</source>
        <translation>没有可截取的窗口。</translation>
    </message>
    <message>
        <source>The window rendered to an empty image.</source>
        <translation>窗口渲染为空图像。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>lens::HandlerNotificationsModel</name>
    <message>
        <source>OnAdd(obj, isInInitialList=true): the object was in the informer's first LIST, delivered before HasSynced</source>
        <translation>OnAdd(obj, isInInitialList=true)：对象来自 informer 的首次 LIST，在 HasSynced 之前投递</translation>
    </message>
    <message>
        <source>OnAdd(obj, isInInitialList=false): a watch event or a relist brought a key the indexer did not have</source>
        <translation>OnAdd(obj, isInInitialList=false)：watch 事件或重新 list 带来了 indexer 中尚无的键</translation>
    </message>
    <message>
        <source>OnUpdate(old, new): the object changed (RV %1 → %2)</source>
        <translation>OnUpdate(old, new)：对象已变更（RV %1 → %2）</translation>
    </message>
    <message>
        <source>OnUpdate(old, new) from a resync: the indexer's copy was re-delivered unchanged because this handler's resync period was due</source>
        <translation>来自 resync 的 OnUpdate(old, new)：该处理器的 resync 周期已到，indexer 中的副本被原样重新投递</translation>
    </message>
    <message>
        <source>OnDelete(obj): a DELETED watch event; obj is the last state</source>
        <translation>OnDelete(obj)：DELETED watch 事件；obj 为最后状态</translation>
    </message>
    <message>
        <source>OnDelete(DeletedFinalStateUnknown): the delete was missed (e.g. during a 410 Gone) and found by the relist; obj may be stale</source>
        <translation>OnDelete(DeletedFinalStateUnknown)：删除被错过（例如 410 Gone 期间），由重新 list 发现；obj 可能已过时</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>积压</translation>
    </message>
</context>
<context>
    <name>lens::HandlersModel</name>
    <message>
        <source>add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>add (initial list)</source>
        <translation>添加（初始列表）</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>update (resync)</source>
        <translation>更新（resync）</translation>
    </message>
    <message>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>delete (tombstone)</source>
        <translation>删除（墓碑）</translation>
    </message>
    <message>
        <source>%1 %2@%3 at %4</source>
        <translation>%1 %2@%3，于 %4</translation>
    </message>
    <message>
        <source>%1: %2 notifications delivered
add: %3 (of which %4 from the initial list)
update: %5 (of which %6 from resync)
delete: %7 (of which %8 DeletedFinalStateUnknown tombstones)
backlog now %9, at most %10 (pendingNotifications)</source>
        <translation>%1：已投递 %2 条通知
添加：%3（其中 %4 条来自初始列表）
更新：%5（其中 %6 条来自 resync）
删除：%7（其中 %8 条为 DeletedFinalStateUnknown 墓碑）
当前积压 %9，最多 %10（pendingNotifications）</translation>
    </message>
    <message>
        <source>Notifications waiting in the listener's buffer after the newest delivery</source>
        <translation>最近一次投递后仍在监听器缓冲区中等待的通知</translation>
    </message>
    <message>
        <source>Median time from queued to the listener until its handler ran (newest 1024)</source>
        <translation>从排入监听器到处理器执行的中位时间（最近 1024 条）</translation>
    </message>
    <message>
        <source>Longest time from queued to handled</source>
        <translation>从排队到处理的最长时间</translation>
    </message>
    <message>
        <source>Handler</source>
        <translation>处理器</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>已投递</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>积压</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>p50 ms</source>
        <translation>p50 毫秒</translation>
    </message>
    <message>
        <source>max ms</source>
        <translation>最大毫秒</translation>
    </message>
    <message>
        <source>Last notification</source>
        <translation>最近通知</translation>
    </message>
</context>
<context>
    <name>lens::IndexerModel</name>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
</context>
<context>
    <name>lens::JournalModel</name>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>lens::KeyHistoryModel</name>
    <message>
        <source>no field changed</source>
        <translation>没有字段变化</translation>
    </message>
    <message>
        <source>%1 · queue depth %2</source>
        <translation>%1 · 队列深度 %2</translation>
    </message>
    <message numerus="yes">
        <source>popped %n delta(s)</source>
        <translation><numerusform>弹出 %n 个 Delta</numerusform></translation>
    </message>
    <message>
        <source> · in initial list</source>
        <translation> · 属于初始列表</translation>
    </message>
    <message>
        <source> · depth %1</source>
        <translation> · 深度 %1</translation>
    </message>
    <message>
        <source>removed via tombstone (last state as the relist saw it)</source>
        <translation>经由墓碑移除（重新 list 所见的最后状态）</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <source>backlog %1</source>
        <translation>积压 %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>in initial list</source>
        <translation>属于初始列表</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Type / Deltas</source>
        <translation>类型 / Deltas</translation>
    </message>
    <message>
        <source>RV</source>
        <translation>RV</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>lens::MainWindow</name>
    <message>
        <source>Reflector status</source>
        <translation>Reflector 状态</translation>
    </message>
    <message>
        <source>Informer Lens</source>
        <translation>Informer Lens</translation>
    </message>
    <message>
        <source>Informer Lens — %1</source>
        <translation>Informer Lens — %1</translation>
    </message>
    <message>
        <source>Pump</source>
        <translation>泵</translation>
    </message>
    <message>
        <source>▶  Run</source>
        <translation>▶  运行</translation>
    </message>
    <message>
        <source>Run the controller's Pop pump: every queued key is popped and handled (F5)</source>
        <translation>运行控制器的 Pop 泵：每个排队的键都会被弹出并处理（F5）</translation>
    </message>
    <message>
        <source>Pause the pump: deltas pile up in the DeltaFIFO where you can watch them being compressed (F6)</source>
        <translation>暂停泵：Delta 会在 DeltaFIFO 中堆积，可以观察它们如何被压缩（F6）</translation>
    </message>
    <message>
        <source>Pop exactly one key from the head of the queue (F10)</source>
        <translation>从队首恰好弹出一个键（F10）</translation>
    </message>
    <message>
        <source>Deltas:</source>
        <translation>Delta：</translation>
    </message>
    <message>
        <source>Delta colour legend</source>
        <translation>Delta 颜色图例</translation>
    </message>
    <message>
        <source>DeltaFIFO queue</source>
        <translation>DeltaFIFO 队列</translation>
    </message>
    <message>
        <source>DeltaFIFO</source>
        <translation>DeltaFIFO</translation>
    </message>
    <message>
        <source>Key history</source>
        <translation>键历史</translation>
    </message>
    <message>
        <source>select a key in the queue, indexer or journal</source>
        <translation>在队列、indexer 或日志中选择一个键</translation>
    </message>
    <message>
        <source>Key history: %1</source>
        <translation>键历史：%1</translation>
    </message>
    <message>
        <source>watch → queue → pop → indexer → handlers</source>
        <translation>watch → 队列 → 弹出 → indexer → 处理器</translation>
    </message>
    <message>
        <source>Indexer objects</source>
        <translation>Indexer 对象</translation>
    </message>
    <message>
        <source>Filter objects (name, namespace, label, phase)…</source>
        <translation>筛选对象（名称、命名空间、标签、阶段）…</translation>
    </message>
    <message>
        <source>Filter indexer objects</source>
        <translation>筛选 indexer 对象</translation>
    </message>
    <message>
        <source>Indexer</source>
        <translation>Indexer</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation><numerusform>%n 个对象</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n object(s)</source>
        <translation><numerusform>%1 / %n 个对象</numerusform></translation>
    </message>
    <message>
        <source>Namespace index</source>
        <translation>命名空间索引</translation>
    </message>
    <message>
        <source>Indices</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>index → value → keys, as ByIndex() sees them</source>
        <translation>索引 → 值 → 键，即 ByIndex() 所见</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>%1 events recorded · newest %2 shown</source>
        <translation>已记录 %1 个事件 · 显示最新 %2 个</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● 实时</translation>
    </message>
    <message>
        <source>Return to live</source>
        <translation>返回实时</translation>
    </message>
    <message>
        <source>The views follow the present. Drag on the timeline's time axis to travel back; press here to return.</source>
        <translation>视图跟随当前时刻。在时间线的时间轴上拖动可回到过去；点击此处返回。</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Handlers</source>
        <translation>处理器</translation>
    </message>
    <message>
        <source>Event handlers</source>
        <translation>事件处理器</translation>
    </message>
    <message>
        <source>Notifications of the selected handler</source>
        <translation>所选处理器的通知</translation>
    </message>
    <message numerus="yes">
        <source>%n listener(s)</source>
        <translation><numerusform>%n 个监听器</numerusform></translation>
    </message>
    <message>
        <source> · %1 delivered · backlog %2</source>
        <translation> · 已投递 %1 · 积压 %2</translation>
    </message>
    <message>
        <source>Object inspector</source>
        <translation>对象检查器</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Reveal this object's secret values</source>
        <translation>显示此对象的机密值</translation>
    </message>
    <message>
        <source>Show this object's Secret data and last-applied-configuration annotation. Other objects stay masked.</source>
        <translation>显示此对象的 Secret 数据和 last-applied-configuration 注解。其他对象仍保持遮蔽。</translation>
    </message>
    <message>
        <source>select a key to inspect its object</source>
        <translation>选择一个键以检查其对象</translation>
    </message>
    <message>
        <source>in indexer</source>
        <translation>在 indexer 中</translation>
    </message>
    <message>
        <source>queued, not yet in indexer</source>
        <translation>已排队，尚未进入 indexer</translation>
    </message>
    <message>
        <source>deleted; last known state</source>
        <translation>已删除；最后已知状态</translation>
    </message>
    <message>
        <source>%1: no object known</source>
        <translation>%1：没有已知对象</translation>
    </message>
    <message>
        <source>Object: %1</source>
        <translation>对象：%1</translation>
    </message>
    <message>
        <source>%1 · RV %2 · %3</source>
        <translation>%1 · RV %2 · %3</translation>
    </message>
    <message>
        <source> · revealed</source>
        <translation> · 已显示</translation>
    </message>
    <message>
        <source> · masked</source>
        <translation> · 已遮蔽</translation>
    </message>
    <message>
        <source>ListAndWatch over time · wheel to zoom · hover for details · click an event to select its key · drag the time axis to travel back</source>
        <translation>ListAndWatch 随时间变化 · 滚轮缩放 · 悬停查看详情 · 点击事件选择其键 · 拖动时间轴回到过去</translation>
    </message>
    <message>
        <source>TIME TRAVEL: queue, indexer and handlers show seq %1 (%2) · press Live to return</source>
        <translation>时间旅行：队列、indexer 和处理器显示序号 %1（%2）· 点击“实时”返回</translation>
    </message>
    <message>
        <source> · queue %1</source>
        <translation> · 队列 %1</translation>
    </message>
    <message numerus="yes">
        <source> · %n relist(s)</source>
        <translation><numerusform> · 重新 list %n 次</numerusform></translation>
    </message>
    <message>
        <source>last error: %1</source>
        <translation>最近错误：%1</translation>
    </message>
    <message>
        <source>past, at seq %1: </source>
        <translation>过去，序号 %1：</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) queued</source>
        <translation><numerusform>%n 个键排队中</numerusform></translation>
    </message>
    <message>
        <source> · %1 deltas queued · %2 popped</source>
        <translation> · 已排队 %1 个 Delta · 已弹出 %2</translation>
    </message>
    <message>
        <source> · HasSynced ✓</source>
        <translation> · HasSynced ✓</translation>
    </message>
    <message>
        <source> · HasSynced ✗</source>
        <translation> · HasSynced ✗</translation>
    </message>
    <message>
        <source>pump: not connected</source>
        <translation>泵：未连接</translation>
    </message>
    <message>
        <source>pump: running</source>
        <translation>泵：运行中</translation>
    </message>
    <message>
        <source>pump: paused</source>
        <translation>泵：已暂停</translation>
    </message>
    <message>
        <source>✝ = DeletedFinalStateUnknown tombstone</source>
        <translation>✝ = DeletedFinalStateUnknown 墓碑</translation>
    </message>
    <message>
        <source>‖  Pause</source>
        <translation>‖  暂停</translation>
    </message>
    <message>
        <source>⇥  Step</source>
        <translation>⇥  单步</translation>
    </message>
</context>
<context>
    <name>lens::NamespaceIndexModel</name>
    <message>
        <source>(cluster-scoped)</source>
        <translation>（集群范围）</translation>
    </message>
    <message>
        <source>Index "%1": value → keys</source>
        <translation>索引“%1”：值 → 键</translation>
    </message>
    <message numerus="yes">
        <source>ByIndex("%1", "%2"): %n key(s)</source>
        <translation><numerusform>ByIndex("%1", "%2")：%n 个键</numerusform></translation>
    </message>
    <message>
        <source>Index → value → keys</source>
        <translation>索引 → 值 → 键</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
</context>
<context>
    <name>lens::ObjectTreeModel</name>
    <message>
        <source>Hidden: press Reveal to show this object's secret values</source>
        <translation>已隐藏：点击“显示”以查看此对象的机密值</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>lens::PipelineWidget</name>
    <message>
        <source>Pipeline</source>
        <translation>管线</translation>
    </message>
    <message>
        <source>API server, Reflector, queue, Pop/HandleDeltas, Indexer and listeners with their counts</source>
        <translation>API 服务器、Reflector、队列、Pop/HandleDeltas、Indexer 和监听器及其计数</translation>
    </message>
    <message>
        <source>API server</source>
        <translation>API 服务器</translation>
    </message>
    <message>
        <source>Reflector</source>
        <translation>Reflector</translation>
    </message>
    <message>
        <source>Pop / HandleDeltas</source>
        <translation>Pop / HandleDeltas</translation>
    </message>
    <message>
        <source>Indexer</source>
        <translation>Indexer</translation>
    </message>
    <message>
        <source>Listeners</source>
        <translation>监听器</translation>
    </message>
    <message>
        <source>RV —</source>
        <translation>RV —</translation>
    </message>
    <message>
        <source>RV %1</source>
        <translation>RV %1</translation>
    </message>
    <message>
        <source>list + watch</source>
        <translation>list + watch</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>%1 events · %2/s</source>
        <translation>%1 个事件 · %2/秒</translation>
    </message>
    <message numerus="yes">
        <source> · %n relist(s)</source>
        <translation><numerusform> · 重新 list %n 次</numerusform></translation>
    </message>
    <message>
        <source>depth %1</source>
        <translation>深度 %1</translation>
    </message>
    <message>
        <source>%1 deltas queued</source>
        <translation>已排队 %1 个 Delta</translation>
    </message>
    <message>
        <source>%1 popped</source>
        <translation>已弹出 %1</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source> · %1/s</source>
        <translation> · %1/秒</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation><numerusform>%n 个对象</numerusform></translation>
    </message>
    <message>
        <source>HasSynced ✓</source>
        <translation>HasSynced ✓</translation>
    </message>
    <message>
        <source>not synced</source>
        <translation>未同步</translation>
    </message>
    <message numerus="yes">
        <source>%n listener(s)</source>
        <translation><numerusform>%n 个监听器</numerusform></translation>
    </message>
    <message>
        <source>%1: backlog %2</source>
        <translation>%1：积压 %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>selected: #%1</source>
        <translation>所选：第 %1 位</translation>
    </message>
    <message>
        <source>selected: deleted</source>
        <translation>所选：已删除</translation>
    </message>
    <message>
        <source>selected: stored</source>
        <translation>所选：已存储</translation>
    </message>
</context>
<context>
    <name>lens::QueueModel</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Deltas (oldest first)</source>
        <translation>Deltas（最旧在前）</translation>
    </message>
    <message>
        <source>Newest RV</source>
        <translation>最新 RV</translation>
    </message>
</context>
<context>
    <name>lens::ReflectorStatus</name>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>正在 list</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>正在 watch</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>RV —</source>
        <translation>RV —</translation>
    </message>
    <message>
        <source>RV %1</source>
        <translation>RV %1</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation><numerusform>%n 个对象</numerusform></translation>
    </message>
    <message>
        <source>HasSynced ✓</source>
        <translation>HasSynced ✓</translation>
    </message>
    <message>
        <source>HasSynced ✗</source>
        <translation>HasSynced ✗</translation>
    </message>
    <message numerus="yes">
        <source>%n watch event(s)</source>
        <translation><numerusform>%n 个 watch 事件</numerusform></translation>
    </message>
</context>
<context>
    <name>lens::TimelineModel</name>
    <message>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <source>page %1: %2 items</source>
        <translation>第 %1 页：%2 项</translation>
    </message>
    <message>
        <source>%1 items at RV %2</source>
        <translation>RV %2 时 %1 项</translation>
    </message>
    <message>
        <source>from RV %1</source>
        <translation>自 RV %1</translation>
    </message>
    <message>
        <source>bookmark RV %1</source>
        <translation>书签 RV %1</translation>
    </message>
    <message>
        <source>backoff %1 ms: %2</source>
        <translation>退避 %1 毫秒：%2</translation>
    </message>
    <message>
        <source>resync (due)</source>
        <translation>resync（到期）</translation>
    </message>
    <message>
        <source>resync check (not due)</source>
        <translation>resync 检查（未到期）</translation>
    </message>
    <message>
        <source>HasSynced: %1 objects</source>
        <translation>HasSynced：%1 个对象</translation>
    </message>
</context>
<context>
    <name>lens::TimelineWidget</name>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>List and watch sessions, watch events, bookmarks, errors, backoffs, resyncs and queue depth over time</source>
        <translation>随时间变化的 list 与 watch 会话、watch 事件、书签、错误、退避、resync 和队列深度</translation>
    </message>
    <message>
        <source>LIST</source>
        <translation>LIST</translation>
    </message>
    <message>
        <source>WATCH</source>
        <translation>WATCH</translation>
    </message>
    <message>
        <source>EVENTS</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>MARKERS</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>QUEUE</source>
        <translation>队列</translation>
    </message>
    <message numerus="yes">
        <source> · %n event(s)</source>
        <translation><numerusform> · %n 个事件</numerusform></translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>HasSynced ✓</source>
        <translation>HasSynced ✓</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>最大 %1</translation>
    </message>
    <message>
        <source>time travel %1 s</source>
        <translation>时间旅行 %1 秒</translation>
    </message>
    <message>
        <source>A watch event: the Reflector queues it as a Delta for the key. Click to select the key.</source>
        <translation>watch 事件：Reflector 将其作为该键的 Delta 排队。点击以选择该键。</translation>
    </message>
    <message>
        <source>A BOOKMARK: only the resourceVersion moves, so a restarted watch can resume from here instead of relisting.</source>
        <translation>BOOKMARK：只有 resourceVersion 前进，重新开始的 watch 可从此处继续而无需重新 list。</translation>
    </message>
    <message>
        <source>One page of a paginated LIST (limit/continue).</source>
        <translation>分页 LIST 的一页（limit/continue）。</translation>
    </message>
    <message>
        <source>410 Gone: the resourceVersion is too old for the watch cache; the Reflector must relist, and the relist's Replace turns missed deletions into DeletedFinalStateUnknown tombstones.</source>
        <translation>410 Gone：resourceVersion 对 watch 缓存而言过旧；Reflector 必须重新 list，其 Replace 会把错过的删除变成 DeletedFinalStateUnknown 墓碑。</translation>
    </message>
    <message>
        <source>The list or watch failed; the Reflector backs off and retries.</source>
        <translation>list 或 watch 失败；Reflector 退避后重试。</translation>
    </message>
    <message>
        <source>Backoff: the Reflector waits before the next list/watch attempt (exponential, with jitter).</source>
        <translation>退避：Reflector 在下一次 list/watch 尝试前等待（指数增长，带抖动）。</translation>
    </message>
    <message>
        <source>Resync: the informer re-queues the indexer's objects as Sync deltas for handlers whose resync period is due; they receive OnUpdate(old, new) with the same object.</source>
        <translation>Resync：informer 为 resync 周期已到的处理器把 indexer 中的对象作为 Sync Delta 重新排队；它们收到 old 与 new 相同的 OnUpdate(old, new)。</translation>
    </message>
    <message>
        <source>HasSynced: every object of the initial list has been popped and handled.</source>
        <translation>HasSynced：初始列表中的每个对象都已弹出并处理。</translation>
    </message>
    <message>
        <source>Press and drag on the time axis to travel back in time: the queue, indexer and handler views show the state at that moment.</source>
        <translation>在时间轴上按住并拖动以回到过去：队列、indexer 和处理器视图显示那一刻的状态。</translation>
    </message>
    <message>
        <source>LIST (cause: %1)</source>
        <translation>LIST（原因：%1）</translation>
    </message>
    <message>
        <source>WATCH %1</source>
        <translation>WATCH %1</translation>
    </message>
    <message>
        <source> (open)</source>
        <translation>（进行中）</translation>
    </message>
</context>
</TS>